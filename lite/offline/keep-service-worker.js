// The course site kept for offline use: every page of the site loads this script first
// (scripts/build_lite.py adds it). JupyterLite unregisters its service worker on the first
// visit a worker controls unless it finds the worker's version in localStorage, so an
// offline second visit would lose the site's offline copy and the kernel's file access. The
// site's worker keeps itself up to date instead (a new build changes its file, and the
// browser installs it on the next visit online), so its version is marked as current here.
(function () {
  try {
    if (!("serviceWorker" in navigator)) return;
    const worker = new URL("service-worker.js", document.currentScript.src);
    worker.searchParams.set("enableCache", "false");
    localStorage.setItem(worker.href + "-version", __JUPYTERLITE_VERSION__);
  } catch (error) {
    // No storage (some private windows): JupyterLite then works as it would without this.
  }
})();
