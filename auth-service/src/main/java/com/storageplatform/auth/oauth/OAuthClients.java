package com.storageplatform.auth.oauth;

/**
 * What the other features of the auth service may know of OAuth clients, never read from the {@code oauth_clients}
 * table directly (ModuleBoundariesTest). A statement that must read in one go takes its SQL from here.
 */
public final class OAuthClients {

    private OAuthClients() {
    }

    /** SQL: the OAuth client {@code clientIdColumn} names, if any, is not revoked (true when it names none). */
    public static String notRevoked(String clientIdColumn) {
        return "NOT EXISTS (SELECT 1 FROM oauth_clients client WHERE client.id = " + clientIdColumn
                + " AND client.revoked_at IS NOT NULL)";
    }
}
