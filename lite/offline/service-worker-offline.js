// The course site kept for offline use (scripts/build_lite.py writes this file, then
// JupyterLite's own service worker, unchanged, below it).
//
// The first visit keeps every file of this build (the list below, with each file's digest)
// in one cache named after the build, in the background once the worker is active, so the
// first page loads as fast as without it. From then on every page of the site (every lesson,
// app and doc, visited or not) is answered from that cache, with the server gone. A new build
// changes this file, so the browser installs the new worker on the next visit online; it
// keeps the files whose digest did not change, downloads the others, and deletes the old
// cache only once the new one is complete.
//
// Requests for no file of the build are left to JupyterLite's worker: the kernel's file
// access (/api/drive...), its heartbeat, and anything else (which gets a 404 when offline,
// as the server would answer).
"use strict";
const GD_SITE = __GAMEDESIGN_SITE__;
const GD_PREFIX = "gamedesign-site-";
const GD_CACHE = GD_PREFIX + GD_SITE.version;
// What the cache holds once complete: {version, files}. A page or the kernel can fetch it
// (a 404 means the site is not kept yet, or cannot be kept: e.g. a private window).
const GD_READY = "offline-ready.json";
let gdJob = null;
let gdReady = false;

function gdUrl(path) {
  return new URL(path, self.registration.scope).href;
}

// The build's file for a URL of this site, or null. "lab/" is "lab/index.html".
function gdFile(url) {
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return Object.prototype.hasOwnProperty.call(GD_SITE.files, path) ? path : null;
}

// Copies kept by earlier builds, by file, where the file's digest is the same.
async function gdEarlierCopies() {
  const copies = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith(GD_PREFIX) || name === GD_CACHE) continue;
    const cache = await caches.open(name);
    const ready = await cache.match(gdUrl(GD_READY));
    if (!ready) continue;
    const files = (await ready.json()).files || {};
    for (const [path, digest] of Object.entries(files)) {
      if (GD_SITE.files[path] === digest && !(path in copies)) copies[path] = cache;
    }
  }
  return copies;
}

async function gdKeep() {
  const cache = await caches.open(GD_CACHE);
  if (await cache.match(gdUrl(GD_READY))) {
    gdReady = true;
    return;
  }
  const have = new Set((await cache.keys()).map((request) => request.url));
  const todo = Object.keys(GD_SITE.files).filter((path) => !have.has(gdUrl(path)));
  const earlier = await gdEarlierCopies();
  let next = 0;
  async function worker() {
    while (next < todo.length) {
      const path = todo[next++];
      let response = earlier[path] ? await earlier[path].match(gdUrl(path)) : undefined;
      if (!response) {
        response = await fetch(new Request(gdUrl(path), { cache: "no-cache", credentials: "same-origin" }));
        if (!response.ok) throw new Error(`${path}: the server answered ${response.status}`);
      }
      await cache.put(gdUrl(path), response);
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  const ready = JSON.stringify({ version: GD_SITE.version, files: GD_SITE.files });
  await cache.put(gdUrl(GD_READY), new Response(ready, { headers: { "Content-Type": "application/json" } }));
  gdReady = true;
  for (const name of await caches.keys()) {
    if (name.startsWith(GD_PREFIX) && name !== GD_CACHE) await caches.delete(name);
  }
  console.info(`The course site is kept for offline use (build ${GD_SITE.version}).`);
}

// Keeping the site runs once at a time; a failure (the server gone mid-way) is retried on
// the next request, and what was kept stays kept.
function gdStart() {
  if (!gdJob) {
    gdJob = gdKeep().catch((error) => {
      gdJob = null;
      console.warn(`The course site is not kept for offline use yet: ${error}`);
    });
  }
  return gdJob;
}

async function gdAnswer(request, path) {
  const cache = await caches.open(GD_CACHE);
  const kept = await cache.match(gdUrl(path));
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (error) {
    // Offline during an update: an earlier build's copy of the same file.
    const earlier = (await gdEarlierCopies())[path];
    const copy = earlier && (await earlier.match(gdUrl(path)));
    if (copy) return copy;
    throw error;
  }
}

async function gdReadyAnswer() {
  const kept = await (await caches.open(GD_CACHE)).match(gdUrl(GD_READY));
  return kept || new Response('{"version": null}', { status: 404, headers: { "Content-Type": "application/json" } });
}

self.addEventListener("activate", () => {
  gdStart();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (!gdReady) event.waitUntil(gdStart());
  const scope = new URL(self.registration.scope).pathname;
  if (url.pathname === scope + GD_READY) {
    event.stopImmediatePropagation();
    event.respondWith(gdReadyAnswer());
    return;
  }
  const path = gdFile(url);
  if (path === null) {
    const listing = url.pathname.slice(scope.length);
    if (listing.startsWith("api/contents/") && listing.endsWith("/all.json")) {
      // A folder the build has no files in (one the student made, e.g. playtests/): the
      // build's listing of it is empty (JupyterLite adds the browser's own files to it).
      event.stopImmediatePropagation();
      event.respondWith(new Response('{"content": []}', { headers: { "Content-Type": "application/json" } }));
      return;
    }
    if (url.pathname.includes("/api/")) return; // JupyterLite's: the kernel's files, the heartbeat
    if (gdFile(new URL(url.pathname + "/", url)) !== null) {
      // "lab" is a folder: the server would send the browser to "lab/".
      event.stopImmediatePropagation();
      event.respondWith(Response.redirect(url.pathname + "/" + url.search, 301));
      return;
    }
    // Not a file of this build: the server's answer, or the 404 it would give.
    event.stopImmediatePropagation();
    event.respondWith(fetch(request).catch(() => new Response("", { status: 404, statusText: "Not Found" })));
    return;
  }
  event.stopImmediatePropagation();
  event.respondWith(gdAnswer(request, path));
});

// ---- JupyterLite's service worker, as its build wrote it ----
