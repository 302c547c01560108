// geth returns host strings to goja as Go-backed values; returned bare from `result`, one longer than
// 16 characters or with non-ASCII text serialises as `{}` (spec §3.8). JS strings carry no origin, so the
// host remembers the values it handed out that would be affected and the serialiser checks against them.
export class HostStrings {
  private readonly seen = new Set<string>();

  note(text: string): string {
    if (text.length > 16 || /[^\x00-\x7f]/.test(text)) this.seen.add(text);
    return text;
  }

  isAffected(text: string): boolean {
    return this.seen.has(text);
  }
}
