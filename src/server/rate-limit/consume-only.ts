import { RateLimiterCompatibleAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

/**
 * A rate-limiter-flexible limiter that only consumes: the function's stores (memory-store.ts,
 * durable-object-store.ts) take points and nothing else, so the rest of the library's interface refuses.
 */
export abstract class ConsumeOnlyLimiter extends RateLimiterCompatibleAbstract {
  // Own fields shadow the abstract class's throwing accessors; the Redis limiter copies the last two onto its insurance.
  override readonly keyPrefix = '';
  override blockDuration = 0;
  override execEvenly = false;

  override penalty(): Promise<RateLimiterRes> {
    return Promise.reject(new Error('not supported'));
  }
  override reward(): Promise<RateLimiterRes> {
    return Promise.reject(new Error('not supported'));
  }
  override get(): Promise<RateLimiterRes | null> {
    return Promise.reject(new Error('not supported'));
  }
  override set(): Promise<RateLimiterRes> {
    return Promise.reject(new Error('not supported'));
  }
  override block(): Promise<RateLimiterRes> {
    return Promise.reject(new Error('not supported'));
  }
  override delete(_key: string | number): Promise<boolean> {
    return Promise.reject(new Error('not supported'));
  }
}
