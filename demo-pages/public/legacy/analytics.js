/*
 * The legacy test page's analytics, as shops of the era wire it: one delegated
 * jQuery click handler on the document for every link and button, the islands'
 * included. Each click it sees is kept in window.legacyClicks (the test reads it).
 */
window.legacyClicks = [];
jQuery(document).on('click', 'a, button', function () {
  window.legacyClicks.push(jQuery.trim(jQuery(this).text()) || this.getAttribute('aria-label') || this.tagName);
});
