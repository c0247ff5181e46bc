import { useTranslation } from 'react-i18next';
import { Select } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { GAME_ORDERS, HASH_ORDERS, type Category, type SearchValue } from '../../lib/games';

interface SearchBarProps {
  category: Category;
  value: SearchValue;
  vendors: { abbr: string; name: string }[];
  onChange(value: SearchValue, changed: keyof SearchValue): void;
}

/** Name box, vendor selector (first option 'all') and type selector of a category page. */
export function SearchBar({ category, value, vendors, onChange }: SearchBarProps) {
  const { t } = useTranslation();
  const isHash = category.key === 'hash';
  const orderOptions = (isHash ? HASH_ORDERS : GAME_ORDERS).map((order) => ({
    value: order,
    label: t(`search.${isHash ? 'hash' : 'order'}.${order || 'all'}`),
  }));
  return (
    <div className="search-bar" data-testid="search-bar">
      <label className="search-bar__name">
        <Icon name="search" />
        <input
          type="search"
          value={value.gameName}
          placeholder={t('search.placeholder')}
          onChange={(e) => onChange({ ...value, gameName: e.target.value }, 'gameName')}
          data-testid="search-name"
          aria-label={t('search.placeholder')}
          enterKeyHint="search"
        />
      </label>
      <div className="search-bar__selects">
        <Select
          label={t('search.vendor')}
          testId="search-vendor"
          value={value.vendor}
          onValueChange={(vendor) => onChange({ ...value, vendor }, 'vendor')}
          options={[{ value: '', label: t('search.allVendors') }, ...vendors.map((v) => ({ value: v.abbr, label: v.name }))]}
        />
        <Select
          label={t('search.type')}
          testId="search-type"
          value={value.orderType}
          onValueChange={(orderType) => onChange({ ...value, orderType }, 'orderType')}
          options={orderOptions}
        />
      </div>
    </div>
  );
}
