import type { NextFunction, Request, Response } from 'express';

/** `--log`: one line per request on stderr, written when the response is finished. */
export function logRequests(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stderr.write(
      `[rocketchat-fake] ${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)} ms\n`,
    );
  });
  next();
}
