/**
 * The few things the cross-engine scenario (scenario.ts) asks of a browser, so one scenario
 * runs in Firefox ESR (puppeteer-core over WebDriver BiDi, firefox.ts) and in WebKitGTK
 * (selenium-webdriver with WebKitWebDriver and MiniBrowser, webkit.ts). Elements are named by
 * CSS selectors; the scenario finds elements by their visible name in the page itself and
 * marks them for the driver (scenario.ts `mark`). Input (clicks, typing, the signature stroke,
 * the photo) goes through the engine's own automation, not through page scripts.
 */
export interface EngineDriver {
  /** Loads an absolute URL and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /**
   * Runs `body` as an async function in the page with `args` (JSON) and resolves with its
   * JSON result. A string, never a Node function: tsx's compiled functions do not survive
   * serialisation into a page.
   */
  run<T>(body: string, args?: readonly unknown[]): Promise<T>;
  click(css: string): Promise<void>;
  /** Types into the element (after focusing it); keeps what it held. */
  type(css: string, text: string): Promise<void>;
  /** Hands a file from disk to an `<input type=file>` (hidden ones too). */
  upload(css: string, path: string): Promise<void>;
  /** Presses the pointer at the first point (offsets from the element's top left), moves through the rest, releases. */
  stroke(css: string, points: readonly (readonly [number, number])[]): Promise<void>;
  close(): Promise<void>;
}

/** A browser engine: a session is one device with its own storage. */
export interface Engine {
  readonly name: 'firefox' | 'webkit';
  session(): Promise<EngineDriver>;
  close(): Promise<void>;
}
