// drive.ts is bundled against one build of core at a time (main.ts writes the shim this names);
// it is typed against this checkout's.
declare module "threadline-under-test" {
  export { createThread, ChatClient } from "@threadline/core";
  export { foldEvent } from "@threadline/core/fold";
  export { createPipeline } from "@threadline/core/pipeline";
  export { subscribeText } from "@threadline/core/model";
}
