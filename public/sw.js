// Loyaltap service worker: makes the installed app start fast by keeping the
// static shell (hashed Next.js assets, icons, manifest) in a versioned cache.
// Everything else — HTML pages, /api, anything with a user's data — goes to
// the network untouched and is never stored: pages of a signed-in user must
// not outlive their session or leak to the next person on a shared device.
const CACHE = "loyaltap-static-v1";
const PRECACHE = ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("loyaltap-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isStaticAsset(url) {
  if (url.origin !== self.location.origin) return false;
  return (
    url.pathname.startsWith("/_next/static/") ||
    url.pathname.startsWith("/icons/") ||
    url.pathname === "/manifest.webmanifest"
  );
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Only complete same-origin answers: never an error page or an opaque body.
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Not calling respondWith leaves the request to the browser: network only.
  if (isStaticAsset(url)) event.respondWith(cacheFirst(request));
});

// Web push (docs/notifications-push.md): the server sends a reward's
// notification already written in the customer's language — { title, body,
// url, tag, icon, lang } — encrypted for this browser; the browser decrypts it
// before this event sees it.
function readPush(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const message = readPush(event);
  // A push must show a notification (userVisibleOnly); without a readable one, a plain one.
  const title = (message && typeof message.title === "string" && message.title) || "Loyaltap";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message && typeof message.body === "string" ? message.body : "",
      icon: (message && message.icon) || "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: (message && message.lang) || "",
      // One notification per event: the same event pushed again replaces it.
      tag: (message && message.tag) || "",
      data: { url: (message && message.url) || "/dashboard/rewards" },
    }),
  );
});

// Only a page of this site is ever opened from a notification.
function notificationTarget(notification) {
  const raw = (notification && notification.data && notification.data.url) || "/dashboard/rewards";
  let url;
  try {
    url = new URL(raw, self.location.origin);
  } catch {
    url = new URL("/dashboard/rewards", self.location.origin);
  }
  return url.origin === self.location.origin ? url : new URL("/dashboard/rewards", self.location.origin);
}

/**
 * What a click on a notification does: closes it and shows its page (the
 * reward) — in a window of this site already open on that page, or one of
 * this site's windows taken there, or a new one.
 */
async function openFromNotification(notification) {
  notification.close();
  const target = notificationTarget(notification);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const onPage = windows.find((client) => client.url === target.href);
  if (onPage) return onPage.focus();
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin && "navigate" in client);
  if (ours) {
    const moved = await ours.navigate(target.href).catch(() => null);
    // Focusing needs the click's user activation; a window that moved is shown even if it cannot take focus.
    if (moved) return moved.focus().catch(() => moved);
  }
  return self.clients.openWindow(target.href);
}

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(openFromNotification(event.notification));
});
