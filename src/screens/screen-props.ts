/** What every screen receives from the page: its title (naming its record once loaded), the address's params and its screen key. */
export interface ScreenProps {
  title: string;
  params: Record<string, string>;
  /** The route's screen key; generic screens read their resource from it (`list:customers`). */
  screen: string;
  /**
   * What the page's loader returned (src/pages/index.ts): the view starts its machine from it.
   * Undefined for a page without a loader, or whose loader failed: the machine then asks itself.
   */
  data?: unknown;
}
