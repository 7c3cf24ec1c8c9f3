/** What every screen receives from the page: its title (naming its record once loaded), the address's params and its screen key. */
export interface ScreenProps {
  title: string;
  params: Record<string, string>;
  /** The route's screen key; generic screens read their resource from it (`list:customers`). */
  screen: string;
  /**
   * What the page's loader returned (src/pages/loaders/), for its machine to start from;
   * undefined when the page has no loader or is shown without having loaded (its machine then loads).
   */
  data?: unknown;
}
