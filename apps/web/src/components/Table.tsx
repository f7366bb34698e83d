// The one data table: a header row from the columns, a body row per item, an optional footer row. Views say
// what each column shows; the markup (and its accessibility: column headers with scope) is written here once.
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Class of the body cells ('num' right-aligns figures), or of each row's cell. */
  className?: string | ((row: Row) => string);
  /** Tooltip of a body cell. */
  title?: (row: Row) => string | undefined;
}

export interface TableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** The table's class: 'table' (full-width views) or 'data-table' (cards, info and inventory views). */
  className?: string;
  /** Shown as the only body row when there are no rows (e.g. 'Loading...'); without it the body is empty. */
  placeholder?: ReactNode;
  /** A total row: a label over the first columns and the figure in the last one. */
  footer?: { label: ReactNode; value: ReactNode };
}

export function Table<Row>({ columns, rows, rowKey, rowClassName, className = 'table', placeholder, footer }: TableProps<Row>) {
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && placeholder !== undefined ? (
          <tr>
            <td colSpan={columns.length}>{placeholder}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row) || undefined}>
              {columns.map((c, i) => (
                <td key={i} className={typeof c.className === 'function' ? c.className(row) : c.className} title={c.title?.(row)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            <td colSpan={columns.length - 1}>{footer.label}</td>
            <td className="num">{footer.value}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
