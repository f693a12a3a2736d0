/**
 * A pipeline stage: events in through `push`, zero or more events out through the `next`
 * function it was built with, synchronously. `end` is the end of the source stream.
 * A violation throws a ProtocolError; whatever was already handed on stays handed on.
 */
export interface Stage<In> {
  push(event: In): void;
  end(): void;
}
