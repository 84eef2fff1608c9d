// Small helpers every page script uses.
export const $ = (id) => document.getElementById(id);
// The data a template left in <script type="application/json" id="...">.
export const pageData = (id) => JSON.parse($(id).textContent);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
