import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useNavigationType } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Dialog } from "#app/ui/Dialog.tsx";
import { buttonClass } from "#app/ui/Button.tsx";
import {
  POLICY_PARAM,
  VERSION_PARAM,
  isPolicyKind,
  policyCloseHref,
  policyLangHref,
  policyVersionHref,
  type LegalView,
} from "#app/features/legal/links.ts";
import { VersionLine, versionLabel } from "#app/features/legal/LegalChanges.tsx";
import styles from "./LegalModal.module.css";

const kindIn = (search: string) => new URLSearchParams(search).get(POLICY_PARAM);

/**
 * The legal modal (spec §2 Overlays). Its state is the URL: `?policy=<kind>`
 * opens it, so any link to a policy works from any page, is shareable, and
 * opens it without JavaScript (the root loader sends the document and the
 * server renders the dialog open). With JavaScript it opens at once on a tap
 * (showing "loading" until the document arrives), and closing it goes back
 * to the page it was opened over, at the same scroll position.
 */
export function LegalModal({ view }: { view: LegalView | null }) {
  const t = useT();
  const titleId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [closedAt, setClosedAt] = useState<string | null>(null);

  // Was this document opened over the same page without it (so Back returns there)?
  const openedOver = useRef<{ page: string | null; overPage: boolean }>({ page: null, overPage: false });
  useEffect(() => {
    const memo = openedOver.current;
    if (kindIn(location.search) === null) {
      memo.page = policyCloseHref(location);
      memo.overPage = false;
    } else if (navigationType === "PUSH") {
      memo.overPage = memo.page === policyCloseHref(location);
    } else if (navigationType === "POP") {
      memo.overPage = false;
    }
  }, [location, navigationType]);

  // While a navigation is under way, show what it is going to.
  const target = navigation.location ?? location;
  const kind = kindIn(target.search);
  const open = kind !== null && closedAt !== location.key;
  const loading = navigation.state !== "idle" && kind !== null;
  const doc = view && view.kind === kind ? view : null;

  // Focus starts on the document, so the arrow keys scroll it at once.
  const body = useRef<HTMLDivElement>(null);
  const shownKind = open && doc?.found ? doc.kind : null;
  useEffect(() => {
    if (shownKind) body.current?.focus({ preventScroll: true });
  }, [shownKind]);

  const close = () => {
    if (kind === null) return; // Already closed by the URL (the Back button).
    setClosedAt(location.key);
    if (kindIn(location.search) !== null && openedOver.current.overPage) navigate(-1);
    else navigate(policyCloseHref(target), { replace: true, preventScrollReset: true });
  };

  const title =
    doc?.found === false || (kind !== null && !isPolicyKind(kind))
      ? t("site.legal.notFoundTitle")
      : kind !== null
        ? t(`site.legal.titles.${kind}`)
        : "";

  return (
    <Dialog open={open} onClose={close} labelledBy={titleId} className={styles.modal}>
      <div className={styles.frame}>
        <header className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {doc?.found ? (
            <div className={styles.tools}>
              {/* A GET form: without JavaScript its button opens the chosen version; with it, choosing does. */}
              <Form method="get" action={target.pathname} replace preventScrollReset className={styles.versionForm}>
                {[...new URLSearchParams(target.search)]
                  .filter(([name]) => name !== VERSION_PARAM)
                  .map(([name, value], i) => (
                    <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
                  ))}
                <label className={styles.version}>
                  <span>{t("site.legal.version")}</span>
                  <select
                    name={VERSION_PARAM}
                    defaultValue={doc.version}
                    key={`${doc.kind}:${doc.version}`}
                    onChange={(e) => e.currentTarget.form?.requestSubmit()}
                  >
                    {doc.versions.map((v) => (
                      <option key={v.date} value={v.date}>
                        {versionLabel(t, v, doc.versions.length, doc.days)}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className={styles.go}>
                  {t("site.legal.show")}
                </button>
              </Form>
              <Link className={styles.langLink} replace preventScrollReset to={policyLangHref(target, doc.lang !== "ko")}>
                {doc.lang === "ko" ? t("site.legal.readTranslation") : t("site.legal.readOriginal")}
              </Link>
              <VersionLine view={doc} versionHref={(date) => policyVersionHref(target, date)} />
            </div>
          ) : null}
        </header>
        {doc?.found ? (
          <div
            ref={body}
            className={styles.body}
            lang={doc.lang}
            role="region"
            aria-labelledby={titleId}
            aria-busy={loading || undefined}
            // Keyboard users can scroll the document.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            // Rendered on the server from our own Markdown subset, every character escaped (markdown.server.ts),
            // with, under the notice, the 대부업법 items beside its rates (ADR 0056), rendered there too.
            dangerouslySetInnerHTML={{ __html: doc.html }}
          />
        ) : (
          <div className={styles.body} aria-busy={loading || undefined}>
            <p className={styles.message}>{loading && !doc ? t("site.legal.loading") : t("site.legal.notFoundBody")}</p>
          </div>
        )}
        <form method="dialog" className={styles.foot}>
          <button type="submit" className={buttonClass("primary", true)}>
            {t("site.legal.confirm")}
          </button>
        </form>
      </div>
    </Dialog>
  );
}
