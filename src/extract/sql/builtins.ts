/**
 * Names that are never a call of a routine declared in the repo when written unqualified
 * before `(`: keywords that take a parenthesised operand, data types with a length or
 * precision, and the built-in functions of the common dialects (Postgres, MySQL, SQLite,
 * T-SQL). An unqualified name resolves to the built-in first (Postgres searches
 * pg_catalog before the user's schemas), so a repo function sharing one of these names is
 * reached only through its schema (`app.lower(x)`). Lower case.
 */
export const NOT_A_ROUTINE: ReadonlySet<string> = new Set([
  // Keywords followed by a parenthesised list, condition or subquery.
  'all', 'and', 'any', 'array', 'as', 'atomic', 'begin', 'between', 'by', 'case', 'check', 'constraint', 'cube',
  'default', 'distinct', 'do', 'else', 'elsif', 'elseif', 'exists', 'except', 'filter', 'for', 'foreach', 'from',
  'grouping', 'having', 'if', 'in', 'intersect', 'into', 'is', 'join', 'key', 'lateral', 'like', 'loop', 'materialized',
  'not', 'of', 'on', 'or', 'over', 'partition', 'primary', 'query', 'raise', 'references', 'return', 'returning',
  'returns', 'rollup', 'row', 'rows', 'select', 'set', 'sets', 'some', 'table', 'then', 'union', 'unique', 'until',
  'using', 'values', 'when', 'where', 'while', 'window', 'with', 'within', 'elif', 'include', 'inherits', 'option',
  'output', 'pivot', 'unpivot', 'generated', 'identity', 'collate', 'escape', 'excluded', 'new', 'old', 'cast',
  'try_cast', 'convert', 'try_convert', 'extract', 'overlay', 'position', 'substring', 'trim', 'treat', 'xmlelement',
  // Data types written with a length, precision or element type.
  'bigint', 'binary', 'bit', 'blob', 'bool', 'boolean', 'bpchar', 'char', 'character', 'date', 'datetime', 'datetime2',
  'datetimeoffset', 'dec', 'decimal', 'double', 'enum', 'float', 'int', 'integer', 'interval', 'json', 'jsonb',
  'mediumint', 'money', 'nchar', 'number', 'numeric', 'nvarchar', 'real', 'serial', 'smallint', 'text', 'time',
  'timestamp', 'timestamptz', 'timetz', 'tinyint', 'uuid', 'varbinary', 'varbit', 'varchar', 'varchar2', 'varying',
  'vector', 'geometry', 'geography', 'point', 'polygon', 'tsvector', 'tsquery', 'inet', 'cidr', 'macaddr', 'xml',
  // Aggregates and window functions.
  'array_agg', 'avg', 'bit_and', 'bit_or', 'bool_and', 'bool_or', 'count', 'count_big', 'cume_dist', 'dense_rank',
  'every', 'first_value', 'group_concat', 'json_agg', 'json_arrayagg', 'json_object_agg', 'json_objectagg', 'jsonb_agg',
  'jsonb_object_agg', 'lag', 'last_value', 'lead', 'listagg', 'max', 'min', 'mode', 'nth_value', 'ntile',
  'percent_rank', 'percentile_cont', 'percentile_disc', 'rank', 'row_number', 'stddev', 'stddev_pop', 'stddev_samp',
  'string_agg', 'sum', 'var_pop', 'var_samp', 'variance', 'xmlagg',
  // Conditionals and comparison.
  'coalesce', 'greatest', 'iif', 'ifnull', 'isnull', 'least', 'nullif', 'nvl', 'nvl2', 'choose', 'decode',
  // Strings.
  'ascii', 'btrim', 'char_length', 'character_length', 'charindex', 'chr', 'concat', 'concat_ws', 'format', 'initcap',
  'instr', 'left', 'len', 'length', 'locate', 'lower', 'lpad', 'ltrim', 'md5', 'octet_length', 'quote_ident',
  'quote_literal', 'quote_nullif', 'quote_nullable', 'regexp_match', 'regexp_matches', 'regexp_replace',
  'regexp_split_to_array', 'regexp_split_to_table', 'regexp_like', 'regexp_substr', 'repeat', 'replace', 'replicate',
  'reverse', 'right', 'rpad', 'rtrim', 'sha1', 'sha2', 'split_part', 'starts_with', 'strpos', 'stuff', 'substr',
  'to_char', 'to_hex', 'translate', 'unaccent', 'upper', 'ucase', 'lcase', 'uuid_generate_v4', 'gen_random_uuid',
  'string_to_array', 'array_to_string', 'encode', 'decode', 'digest', 'crypt', 'gen_salt', 'hex', 'unhex', 'space',
  'soundex', 'difference', 'str', 'patindex', 'quotename', 'string_split', 'trim_array', 'printf', 'glob', 'char',
  // Numbers.
  'abs', 'ceil', 'ceiling', 'div', 'exp', 'floor', 'ln', 'log', 'log10', 'mod', 'pi', 'power', 'pow', 'random', 'rand',
  'round', 'sign', 'sqrt', 'trunc', 'truncate', 'width_bucket', 'setseed', 'random_uuid',
  // Dates and times.
  'age', 'clock_timestamp', 'current_date', 'current_time', 'current_timestamp', 'date_add', 'date_bin', 'date_format',
  'date_part', 'date_sub', 'date_trunc', 'dateadd', 'datediff', 'datename', 'datepart', 'day', 'dayofweek', 'eomonth',
  'from_unixtime', 'getdate', 'getutcdate', 'hour', 'isfinite', 'julianday', 'localtime', 'localtimestamp',
  'make_date', 'make_interval', 'make_time', 'make_timestamp', 'make_timestamptz', 'minute', 'month', 'now', 'second',
  'statement_timestamp', 'str_to_date', 'strftime', 'sysdate', 'sysdatetime', 'timeofday', 'timestampdiff',
  'timestampadd', 'to_date', 'to_number', 'to_timestamp', 'transaction_timestamp', 'unix_timestamp', 'utc_timestamp',
  'week', 'year', 'curdate', 'curtime', 'datetimefromparts', 'sysutcdatetime', 'switchoffset', 'todatetimeoffset',
  // Sets, arrays, JSON.
  'array_append', 'array_cat', 'array_length', 'array_lower', 'array_position', 'array_positions', 'array_prepend',
  'array_remove', 'array_replace', 'array_upper', 'cardinality', 'generate_series', 'generate_subscripts', 'unnest',
  'json_array_elements', 'json_array_elements_text', 'json_array_length', 'json_build_array', 'json_build_object',
  'json_each', 'json_each_text', 'json_extract', 'json_extract_path', 'json_extract_path_text', 'json_object',
  'json_object_keys', 'json_populate_record', 'json_set', 'json_strip_nulls', 'json_typeof', 'json_unquote',
  'json_value', 'json_query', 'json_modify', 'json_contains', 'json_array', 'json_insert', 'json_remove',
  'json_valid', 'isjson', 'openjson', 'jsonb_array_elements', 'jsonb_array_elements_text', 'jsonb_array_length',
  'jsonb_build_array', 'jsonb_build_object', 'jsonb_each', 'jsonb_each_text', 'jsonb_extract_path',
  'jsonb_extract_path_text', 'jsonb_insert', 'jsonb_object', 'jsonb_object_keys', 'jsonb_path_query', 'jsonb_set',
  'jsonb_strip_nulls', 'jsonb_typeof', 'jsonb_populate_record', 'row_to_json', 'to_json', 'to_jsonb', 'jsonb_pretty',
  'to_tsvector', 'to_tsquery', 'plainto_tsquery', 'websearch_to_tsquery', 'phraseto_tsquery', 'ts_rank', 'setweight',
  'ts_headline',
  // Sequences, sessions, system information.
  'currval', 'lastval', 'nextval', 'setval', 'current_setting', 'set_config', 'current_user', 'session_user',
  'current_schema', 'current_database', 'version', 'pg_sleep', 'pg_advisory_lock', 'pg_advisory_unlock',
  'pg_advisory_xact_lock', 'pg_try_advisory_lock', 'pg_notify', 'pg_typeof', 'txid_current', 'has_table_privilege',
  'last_insert_id', 'row_count', 'found_rows', 'database', 'schema', 'user', 'connection_id', 'uuid', 'uuid_short',
  'scope_identity', 'ident_current', 'newid', 'newsequentialid', 'object_id', 'object_name', 'db_name', 'schema_name',
  'suser_sname', 'host_name', 'error_message', 'error_number', 'error_line', 'error_severity', 'error_state',
  'raiserror', 'throw', 'formatmessage', 'changes', 'last_insert_rowid', 'total_changes', 'typeof', 'sqlite_version',
  'sleep', 'benchmark', 'if', 'field', 'elt', 'find_in_set', 'make_set', 'export_set', 'inet_aton', 'inet_ntoa',
]);

/** Schemas holding only the database's own functions: a call qualified with one is never a repo routine. */
export const SYSTEM_SCHEMAS: ReadonlySet<string> = new Set(['pg_catalog', 'information_schema', 'sys', 'mysql', 'performance_schema']);
