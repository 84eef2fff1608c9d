from games.rules.places import competition_places


def test_places_rank_by_total_with_ties_sharing_a_place():
    assert competition_places([50, 80, 50]) == [1, 0, 1]
    assert competition_places([10, 20, 30, 30]) == [3, 2, 0, 0]
    assert competition_places([0, 0]) == [0, 0]
