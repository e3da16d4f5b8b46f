import { Injectable } from '@nestjs/common';

/**
 * What a person starting the product must read (a generated owner password), kept until the
 * server is listening so that main.ts prints it right under the URL instead of among start-up logs.
 */
@Injectable()
export class StartupNotices {
  private readonly lines: string[] = [];

  add(text: string): void {
    this.lines.push(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Everything added so far, once. */
  drain(): string {
    return this.lines.splice(0).join('');
  }
}
