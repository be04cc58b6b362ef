import { Link, useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { MenuIcon } from "#app/ui/icons.tsx";
import { BrandMark } from "#app/ui/BrandMark.tsx";
import { invoker, supportsInvokers } from "#app/ui/invoker.ts";
import { useBrand, useBrandSettings } from "#app/business/useBusiness.ts";
import { hidesMenuButton } from "#app/features/layout/navigation.ts";
import { Menu, MENU_ID } from "#app/features/layout/Menu.tsx";
import menu from "#app/features/layout/Menu.module.css";
import styles from "./Header.module.css";

/** Fixed 60px header: logo and brand go home; the menu button opens the menu. */
export function Header() {
  const t = useT();
  const brand = useBrand();
  const { logo } = useBrandSettings();
  const { pathname } = useLocation();
  const showMenu = !hidesMenuButton(pathname);
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand} aria-label={brand ? t("common.header.home", { brand }) : t("common.notFound.home")}>
        <BrandMark src={logo} />
        <span className={styles.brandText} data-brand-text="">
          {brand}
        </span>
      </Link>
      {showMenu ? (
        <>
          <button
            type="button"
            className={`${menu.close} ${styles.menuButton}`}
            aria-haspopup="dialog"
            aria-controls={MENU_ID}
            aria-label={t("common.menu.open")}
            {...invoker(MENU_ID, "show-modal")}
            onClick={() => {
              // Browsers without invoker commands: open it from script.
              const dialog = document.getElementById(MENU_ID);
              if (!supportsInvokers() && dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
            }}
          >
            <MenuIcon />
          </button>
          <Menu />
        </>
      ) : null}
    </header>
  );
}
