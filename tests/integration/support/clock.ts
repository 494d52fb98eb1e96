/**
 * A clock a service reads through its `now` option; the test moves it forward. Start it at the top of an hour, so
 * that a test's sends stay in one fixed-window hour.
 */
export class Clock {
  private time: number

  constructor(start: number) {
    this.time = start
  }

  readonly now = () => new Date(this.time)

  advance(seconds: number): void {
    this.time += seconds * 1000
  }

  /** The time `seconds` from now, as the API writes it (ISO 8601). */
  plus(seconds: number): string {
    return new Date(this.time + seconds * 1000).toISOString()
  }
}
