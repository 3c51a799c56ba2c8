/*
 * Starts the prerendered home page's app once the page has painted. The page reads and looks
 * complete from its HTML alone; asking for the app's scripts while it is still being drawn makes
 * them share a slow connection with the page and its font, and the first paint waits. The build
 * (vite.config.ts prerenderHome) moves the entry script and its preloads into this element's
 * data attributes. A hidden tab paints nothing, so it starts at once; no paint within 200 ms
 * starts it anyway.
 */
/* global document, requestAnimationFrame */
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
})();
