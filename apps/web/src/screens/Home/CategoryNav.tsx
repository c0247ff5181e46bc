import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_ICONS, Icon } from '../../components/Icon';
import type { Category } from '../../lib/games';
import { Pressable } from '../../components/Pressable';

export interface CategoryNavHandle {
  scrollTo(navId: number): void;
}

interface CategoryNavProps {
  categories: Category[];
  active: number;
  loading: boolean;
  onSelect(navId: number): void;
}

/** The category bar; the active chip is kept in view whichever way it was chosen. */
export const CategoryNav = forwardRef<CategoryNavHandle, CategoryNavProps>(function CategoryNav({ categories, active, loading, onSelect }, ref) {
  const { t } = useTranslation();
  const items = useRef(new Map<number, HTMLButtonElement>());

  const scrollTo = (navId: number) => {
    items.current.get(navId)?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  };
  useImperativeHandle(ref, () => ({ scrollTo }));
  // The first chip starts in view; scrolling to it on mount would only force a layout.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current || active !== categories[0]?.navId) scrollTo(active);
    mounted.current = true;
  }, [active]);

  return (
    <nav className="category-nav" data-testid="category-nav" aria-label={t('home.categories')}>
      <div className="category-nav__track" role="tablist">
        {categories.map((category) => (
          <Pressable
            key={category.navId}
            ref={(el) => {
              if (el) items.current.set(category.navId, el);
              else items.current.delete(category.navId);
            }}
            type="button"
            role="tab"
            aria-selected={category.navId === active}
            className={['category-nav__item', category.navId === active ? 'is-active' : ''].filter(Boolean).join(' ')}
            data-testid={`nav-${category.key}`}
            data-nav-id={category.navId}
            onClick={() => onSelect(category.navId)}
          >
            <Icon name={CATEGORY_ICONS[category.key]} className="category-nav__icon" />
            <span>{t(`category.${category.key}`)}</span>
          </Pressable>
        ))}
        {loading && categories.length < 2 && Array.from({ length: 4 }, (_, i) => <span key={i} className="category-nav__item skeleton" aria-hidden="true" />)}
      </div>
    </nav>
  );
});
