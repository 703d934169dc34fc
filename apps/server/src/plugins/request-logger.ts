import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * A request's logger (`req.log`): pino's child bound to the request id, made when the request first writes a
 * line its level lets through — the same child, with the same bindings, options and output, as Fastify's own
 * factory makes for every request. At `warn` most requests write no line, and making the child (its bindings
 * serialised through the redaction) cost about a twentieth of a small authenticated call (decision 0046).
 */
class RequestLogger {
  #child: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  /** The least severe level written, as pino numbers it (info 30, warn 40, …). */
  readonly #threshold: number;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#threshold = parent.levels.values[options.level ?? parent.level] ?? 0;
  }

  private get real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  #write(level: Level, args: unknown[]): void {
    if (
      this.#child
        ? !this.#child.isLevelEnabled(level)
        : (this.#parent.levels.values[level] ?? 0) < this.#threshold
    ) {
      return;
    }
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
}

/** Fastify's `childLoggerFactory`: a RequestLogger over the app's pino logger. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger as unknown as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
