// Byte sizes as typed on the command line: 1048576, 512KB, 64MB, 1GB.

const factors: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

export function parseSize(text: string, what: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const factor = match ? factors[match[2].toLowerCase()] : undefined;
  if (!match || factor === undefined || Number(match[1]) <= 0)
    throw new Error(`${what}: '${text}' is not a size like 64MB, 512KB or a number of bytes`);
  return Math.floor(Number(match[1]) * factor);
}
