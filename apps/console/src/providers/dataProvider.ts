import type { BaseRecord, CrudFilters, DataProvider } from '@refinedev/core';
import { callInfo, opsCall } from '../api/opsClient.ts';

/** Filters as the operator calls take them: one field each, empty ones left out. */
export function filtersToBody(filters: CrudFilters | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const value = filter.value;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    body[filter.field] = value;
  }
  return body;
}

function pathOf(meta: Record<string, unknown> | undefined, resource: string, fallbackAction: string): string {
  return callInfo((meta?.call as string | undefined) ?? `${resource}.${fallbackAction}`).path;
}

/**
 * Refine's data hooks over the operator calls. A list names the call it reads in `meta.call`
 * (`players.search`) and gets `{list, total}` back with `page`/`pageSize` sent; anything that moves
 * money or rights is a named command (`useCustomMutation` with the call's path), never generic CRUD.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/ops/v1',
  getList: async ({ resource, pagination, filters, meta }) => {
    const paged = pagination?.mode !== 'off';
    const body = {
      ...((meta?.body as object | undefined) ?? {}),
      ...filtersToBody(filters),
      ...(paged ? { page: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 20 } : {}),
    };
    const data = await opsCall<Record<string, unknown>>(pathOf(meta, resource, 'list'), body);
    const listKey = (meta?.listKey as string | undefined) ?? 'list';
    const list = (data[listKey] as BaseRecord[] | undefined) ?? [];
    return { data: list as any[], total: typeof data.total === 'number' ? data.total : list.length };
  },
  getOne: async ({ resource, id, meta }) => {
    const idField = (meta?.idField as string | undefined) ?? 'id';
    const data = await opsCall<BaseRecord>(pathOf(meta, resource, 'get'), { ...((meta?.body as object | undefined) ?? {}), [idField]: Number(id) });
    return { data: data as any };
  },
  create: async ({ resource, variables, meta }) => ({ data: await opsCall<any>(pathOf(meta, resource, 'create'), variables as object) }),
  update: async ({ resource, id, variables, meta }) => ({
    data: await opsCall<any>(pathOf(meta, resource, 'edit'), { id: Number(id), ...(variables as object) }),
  }),
  deleteOne: async ({ resource, id, meta }) => ({ data: await opsCall<any>(pathOf(meta, resource, 'disable'), { id: Number(id) }) }),
  custom: async ({ url, payload }) => ({ data: await opsCall<any>(url, (payload as object | undefined) ?? {}) }),
};
