/** How stores move the user to another page without knowing the router. */
export interface AppNavigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current path with its query string, e.g. '/dashboard?tab=x'. */
  currentPath(): string;
}

export type NavigateFunctionLike = (to: string, options?: { replace?: boolean }) => unknown;

export interface LocationLike {
  pathname: string;
  search: string;
}

/**
 * A navigator the router attaches to once it renders (the stores exist before the router):
 * until then it reads `fallbackLocation` and cannot navigate.
 */
export class RouterNavigator implements AppNavigator {
  private navigateFn: NavigateFunctionLike | null = null;
  private location: LocationLike | null = null;

  constructor(private readonly fallbackLocation: () => LocationLike) {}

  attach(navigate: NavigateFunctionLike, location: LocationLike): void {
    this.navigateFn = navigate;
    this.location = location;
  }

  navigate(to: string, options?: { replace?: boolean }): void {
    void this.navigateFn?.(to, options);
  }

  currentPath(): string {
    const { pathname, search } = this.location ?? this.fallbackLocation();
    return pathname + search;
  }
}
