// The modules the module writes when the app is built (server templates), as server code imports them.
// `#threadline/redis`: `createClient` from the app's `redis` package when it has one, undefined otherwise (so a memory run log needs no Redis client).
declare module "#threadline/redis" {
  export const createClient: ((options: { url: string }) => import("./agent-route.js").RedisClient) | undefined;
}

// `#threadline/owner`: the owner file `threadline.owner` names, bundled with the server; undefined
// when the owner is a field of event.context (or anonymous).
declare module "#threadline/owner" {
  export const ownerFile: import("./owner.js").OwnerFile | undefined;
}
