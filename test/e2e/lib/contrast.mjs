// Text contrast in a page, as WCAG 2 computes it: each visible element with text of its own, its colour
// over the background it is drawn on (translucent layers composed up to the first opaque one), faded by the
// opacity of the element and its ancestors (the usual way a disabled control is dimmed).

/** Colour arithmetic, in Node and (as its source) in the page: CSS rgb()/rgba() text, composition, WCAG ratio. */
function colorMath() {
  const parse = (text) => {
    const match = /rgba?\(([^)]*)\)/.exec(text);
    if (!match) return undefined;
    const [r, g, b, a = 1] = match[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r, g, b, a];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const luminance = (color) => {
    const [r, g, b] = color.slice(0, 3).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (color, background) => {
    const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
    return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
  };
  return { parse, over, ratio };
}

/** Runs in the page, given colorMath(): every distinct (element kind, colour, background) with its lowest ratio. */
function measure({ parse, over, ratio: contrast }) {
  /** The product of the opacities of `element` and its ancestors. */
  const opacityOf = (element) => {
    let opacity = 1;
    for (let node = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };
  // A layer inside a faded element shows through it: its alpha times the opacities above it (exact for one
  // faded group, close for several).
  const faded = (color, node) => [...color.slice(0, 3), color[3] * opacityOf(node)];
  const backgroundOf = (element) => {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (!color || color[3] === 0) continue;
      const layer = faded(color, node);
      layers.push(layer);
      if (layer[3] >= 1) break;
    }
    // Nothing opaque: the page's canvas is white.
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const found = new Map();
  for (const element of document.body.querySelectorAll('*')) {
    if (element.tagName === 'OPTION' || element.tagName === 'SCRIPT') continue;
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '');
    const text = element.matches('input, select') ? element.value : ownText ? element.textContent.trim() : '';
    if (!text) continue;
    const box = element.getBoundingClientRect();
    const offScreen = box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > innerHeight;
    // Fully transparent text is not shown text.
    if (offScreen || !element.checkVisibility({ opacityProperty: true })) continue;
    const style = getComputedStyle(element);
    const background = backgroundOf(element);
    const color = over(faded(parse(style.color), element), background);
    const ratio = contrast(color, background);
    // A disabled control apart from its enabled kin: the UA and the page may colour it otherwise.
    const disabled = element.matches(':disabled') ? ':disabled' : '';
    const kind = `${element.tagName.toLowerCase()}${[...element.classList].map((name) => `.${name}`).join('')}${disabled}`;
    const key = `${kind} ${style.color} ${background}`;
    const rgb = (c) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
    if (!found.has(key) || found.get(key).ratio > ratio)
      found.set(key, { kind, text: text.slice(0, 40), color: style.color, background: rgb(background), ratio });
  }
  return [...found.values()];
}

/** The contrast of every text style shown in `locator`'s document (a Playwright locator of its body). */
export function textContrast(bodyLocator) {
  // Loaded through tsx (the TypeScript tests), the functions' source calls esbuild's __name helper: a no-op here.
  return bodyLocator.evaluate(`((__name) => (${measure})((${colorMath})()))((target) => target)`);
}

/** The WCAG ratio of two opaque CSS colours as getComputedStyle gives them ("rgb(r, g, b)"). */
export function contrastOf(color, background) {
  const { parse, ratio } = colorMath();
  return ratio(parse(color), parse(background));
}
