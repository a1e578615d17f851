/** Point records in columns (what one INSERT … SELECT FROM unnest takes): data point ids, times in ms, values. */
export interface RecordColumns {
  ids: number[];
  times: number[];
  values: number[];
}
