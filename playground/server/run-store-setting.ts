// The one setting that picks the handler's run log: THREADLINE_RUN_STORE=memory (the default) or
// a redis:// URL (Redis Streams, so several server instances share the runs).
import { memoryRunStore, redisRunStore, type RunStore } from "@threadline/core/server";

export interface RunStoreSetting {
  readonly store: RunStore;
  /** `memory` or `Redis at <url>`, for the start-up banner. */
  readonly label: string;
  close(): Promise<void>;
}

export class RunStoreSettingError extends Error {
  override readonly name = "RunStoreSettingError";
}

export async function runStoreFromSetting(setting: string | undefined = process.env.THREADLINE_RUN_STORE): Promise<RunStoreSetting> {
  const value = setting === undefined || setting === "" ? "memory" : setting;
  if (value === "memory") {
    const store = memoryRunStore();
    return { store, label: "memory", close: () => store.close() };
  }
  if (!value.startsWith("redis://") && !value.startsWith("rediss://")) {
    throw new RunStoreSettingError(`THREADLINE_RUN_STORE must be 'memory' or a redis:// URL, got '${value}'`);
  }
  const { createClient } = await import("redis");
  const client = createClient({ url: value });
  client.on("error", (error: unknown) => console.error(`redis: ${String(error)}`));
  await client.connect();
  const store = redisRunStore(client, { keyPrefix: "playground:" });
  return {
    store,
    label: `Redis at ${value.replace(/\/\/[^@/]*@/, "//")}`,
    close: async () => {
      await store.close();
      await client.quit();
    },
  };
}
