-- A nullable column, for the kit's tests of NULL bindings (Bindings.nullable, ListQuery.bindNullable).
ALTER TABLE samples ADD COLUMN note text;
