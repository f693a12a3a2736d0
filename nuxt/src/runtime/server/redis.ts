// `#threadline/redis` is made by the module when the app is built: `createClient` from the app's
// `redis` package when it has one, undefined otherwise (so a memory run log needs no Redis client).
declare module "#threadline/redis" {
  export const createClient: ((options: { url: string }) => import("./agent-route.js").RedisClient) | undefined;
}
