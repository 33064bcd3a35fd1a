package com.storageplatform.kit.db;

import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;

/**
 * A statement over one account's rows: a read by id, an update, a delete, an insert. It cannot be written without
 * the account: the SQL must use {@code :account_id} (refused at once otherwise) and the account is always bound,
 * the single-row counterpart of {@code ListQuery.from(sql, accountId)} (Kill Bill's {@code <AND_CHECK_TENANT()>}).
 *
 * <pre>{@code
 * AccountStatement.sql(db, accountId, "SELECT * FROM coupons WHERE account_id = :account_id AND id = :id")
 *     .bind("id", id)
 *     .map(CouponRepository::toCoupon)
 *     .one();
 * }</pre>
 */
public final class AccountStatement {

    public static final String ACCOUNT_ID = "account_id";

    private static final Pattern USES_ACCOUNT = Pattern.compile(":" + ACCOUNT_ID + "\\b");

    private AccountStatement() {
    }

    /** {@code sql} with {@code :account_id} bound to {@code accountId}. */
    public static GenericExecuteSpec sql(DatabaseClient db, UUID accountId, String sql) {
        Objects.requireNonNull(accountId, "a statement of an account needs the account");
        if (!USES_ACCOUNT.matcher(sql).find()) {
            throw new IllegalArgumentException("A statement of an account must use :account_id: " + sql);
        }
        return db.sql(sql).bind(ACCOUNT_ID, accountId);
    }
}
