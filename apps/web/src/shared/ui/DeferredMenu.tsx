import {
  type ComponentType,
  cloneElement,
  type ReactElement,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

/** What a deferred menu module renders with: its trigger and the open state kept here. */
export interface DeferredMenuProps {
  /** The trigger button, to wrap in `Menu.Target`. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

type MenuComponent<P> = ComponentType<DeferredMenuProps & P>;

/** Menus already loaded, so a frame mounted later renders them at once. */
const loadedMenus = new WeakMap<() => Promise<unknown>, ComponentType<never>>();

interface DeferredMenuOwnProps<P> {
  /** Imports the menu module: a Mantine Menu, its dropdown and the floating layer it needs. */
  load: () => Promise<MenuComponent<P>>;
  /** The trigger button; it is shown and works before the menu code has arrived. */
  target: ReactElement;
  /** Props for the loaded menu. */
  menuProps: P;
}

/**
 * A header menu whose trigger paints with the frame while the menu itself (Mantine's Popover and
 * floating-ui, some 25 KB) loads as soon as the trigger is pointed at, focused or pressed, and not
 * before (issue 13: the first paint of a private page waited on them, and loading them while the
 * page was still rendering cost it its blocking-time budget). A press before the code is there opens
 * the menu when it arrives.
 */
export function DeferredMenu<P>({ load, target, menuProps }: DeferredMenuOwnProps<P>) {
  const [Menu, setMenu] = useState(() => (loadedMenus.get(load) as MenuComponent<P> | undefined) ?? null);
  const [opened, setOpened] = useState(false);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const loading = useRef(Menu !== null);
  // The import can settle after the header is gone (a page change, a test's teardown): then there is
  // no state left to set.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fetchMenu = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (component) => {
        loadedMenus.set(load, component as ComponentType<never>);
        if (!mounted.current) return;
        setHadFocus(trigger.current !== null && document.activeElement === trigger.current);
        setMenu(() => component);
      },
      () => {
        if (!mounted.current) return;
        // A failed chunk load (offline, a new deployment) leaves the trigger; the next press tries again.
        loading.current = false;
      },
    );
  }, [load]);

  const openOnArrival = () => {
    setOpenWhenLoaded(true);
    fetchMenu();
  };

  // The loaded trigger is a new element: it takes over the focus, and a press made while loading
  // opens the menu only now, so Mantine remembers the trigger as the place to return the focus to.
  useEffect(() => {
    if (!Menu) return;
    if (hadFocus || openWhenLoaded) trigger.current?.focus();
    if (openWhenLoaded) {
      setOpenWhenLoaded(false);
      setOpened(true);
    }
  }, [Menu, hadFocus, openWhenLoaded]);

  if (Menu)
    return (
      <Menu
        {...menuProps}
        target={cloneElement(target, { ref: trigger } as Record<string, unknown>)}
        opened={opened}
        onChange={setOpened}
      />
    );
  return cloneElement(target, {
    ref: trigger,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: fetchMenu,
    onFocus: fetchMenu,
    // The press counts from the pointer going down: code that arrives before it comes up swaps this
    // button for the menu's own, and the browser then sends the click to neither.
    onPointerDown: openOnArrival,
    onClick: openOnArrival,
  } as Record<string, unknown>);
}
