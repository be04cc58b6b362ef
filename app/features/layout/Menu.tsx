import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { CloseIcon } from "#app/ui/icons.tsx";
import { BrandMark } from "#app/ui/BrandMark.tsx";
import { invoker } from "#app/ui/invoker.ts";
import { useBrand, useBrandSettings } from "#app/business/useBusiness.ts";
import { useModules } from "#app/business/useModules.ts";
import { navGroupsFor } from "#app/features/layout/navigation.ts";
import { LanguageSwitch } from "#app/features/layout/LanguageSwitch.tsx";
import styles from "./Menu.module.css";

export const MENU_ID = "site-menu";

/**
 * The full-screen menu (spec §2) as a native modal `<dialog>`: focus moves in
 * and comes back, Escape closes it, the page behind is inert, and it opens
 * and closes without JavaScript through invoker commands. Any navigation
 * (an item, the logo, a language) closes it.
 */
export function Menu() {
  const t = useT();
  const brand = useBrand();
  const { logo } = useBrandSettings();
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const groups = navGroupsFor(useModules());

  useEffect(() => {
    ref.current?.close();
  }, [location.key]);

  return (
    <dialog id={MENU_ID} ref={ref} className={styles.menu} aria-labelledby={`${MENU_ID}-title`}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <Link to="/" className={styles.brand} onClick={() => ref.current?.close()}>
            <BrandMark src={logo} size={28} />
            <span>{brand}</span>
          </Link>
          <h2 id={`${MENU_ID}-title`} className="visually-hidden">
            {t("common.menu.title")}
          </h2>
          <button
            type="button"
            className={styles.close}
            {...invoker(MENU_ID, "close")}
            onClick={() => ref.current?.close()}
            aria-label={t("common.menu.close")}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t("common.menu.title")} className={styles.groups}>
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={`menu-group-${group.id}`}>
              <h3 id={`menu-group-${group.id}`}>{t(group.titleKey)}</h3>
              <ul>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      lang={item.to === "/company/hitachi" ? "ko" : undefined}
                      aria-current={location.pathname === item.to ? "page" : undefined}
                      onClick={() => ref.current?.close()}
                    >
                      {t(item.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <div className={styles.footer}>
          <LanguageSwitch />
        </div>
      </div>
    </dialog>
  );
}
