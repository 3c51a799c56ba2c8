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
  var files = function (name) {
    return (me.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var preloads = files('data-preload');
  // The guest form's files: each added element costs the main thread a few milliseconds on a
  // phone, so a few per task, after the app's own.
  var later = files('data-later');
  var PER_TASK = 3;
  var started = false;
  function add(href) {
    var link = document.createElement('link');
    if (/\.css$/.test(href)) {
      link.rel = 'stylesheet';
    } else {
      link.rel = 'modulepreload';
      link.as = 'script';
    }
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  function addLater() {
    later.splice(0, PER_TASK).forEach(add);
    if (later.length > 0) setTimeout(addLater, 0);
  }
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(add);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    if (later.length > 0) setTimeout(addLater, 0);
  }
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
})();
