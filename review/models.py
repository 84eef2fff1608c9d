from django.db import models
from django.utils import timezone

from games.models import Match


class Review(models.Model):
    """The engine's finished review of one seat's decisions in a match, written once, whole."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reviews")
    seat = models.PositiveSmallIntegerField()
    decisions = models.JSONField(help_text="Each decision: hand, move, options valued, choice, cost, mark.")
    summary = models.JSONField(help_text="The match's and each hand's accuracy and marks, the costliest.")
    samples = models.PositiveSmallIntegerField(help_text="Opponent hands sampled per decision.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="one_review_per_seat")]

    def __str__(self) -> str:
        return f"review of match {self.match_id} seat {self.seat}"
