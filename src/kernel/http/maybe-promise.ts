// A value now or later. The request pipeline passes results on synchronously while every step is
// synchronous (the common case: a token check, a read), and only becomes a promise at the first step
// that has to wait (a request body, an injected latency).

export type MaybePromise<T> = T | Promise<T>;

/**
 * Calls `step`, then `onValue` with its result; `onError` gets what `step` threw or rejected with, or
 * what `onValue` threw. A promise only if `step` (or a callback) returned one.
 */
export function settle<T, R>(
  step: () => MaybePromise<T>,
  onValue: (value: T) => MaybePromise<R>,
  onError: (error: unknown) => MaybePromise<R>,
): MaybePromise<R> {
  let value: MaybePromise<T>;
  try {
    value = step();
  } catch (error) {
    return onError(error);
  }
  if (value instanceof Promise) return value.then((v) => guarded(onValue, onError, v), onError);
  return guarded(onValue, onError, value);
}

function guarded<T, R>(onValue: (value: T) => MaybePromise<R>, onError: (error: unknown) => MaybePromise<R>, value: T): MaybePromise<R> {
  try {
    return onValue(value);
  } catch (error) {
    return onError(error);
  }
}
