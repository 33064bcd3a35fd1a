-- The agreements an import wrote, by the file's checksum and row: a file run again (after its balances could not
-- be handed to billing, say) answers the agreement already made instead of making another.
CREATE TABLE imported_agreements (
    account_id    uuid    NOT NULL,
    import_key    text    NOT NULL,
    row_number    bigint  NOT NULL,
    agreement_id  uuid    NOT NULL,
    PRIMARY KEY (account_id, import_key, row_number)
);
