package com.storageplatform.auth.oauth;

import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;

/**
 * A token-endpoint refusal, answered in the RFC 6749 section 5.2 shape ({@code error}, {@code error_description}),
 * never in the platform's error envelope. Descriptions never echo what the client sent.
 */
final class OAuthException extends RuntimeException {

    private final String error;
    private final HttpStatus status;
    private final boolean challenge;
    private final List<UUID> revokedCredentials;

    private OAuthException(String error, HttpStatus status, String description, boolean challenge) {
        this(error, status, description, challenge, List.of());
    }

    private OAuthException(String error, HttpStatus status, String description, boolean challenge,
            List<UUID> revokedCredentials) {
        super(description, null, false, false);
        this.error = error;
        this.status = status;
        this.challenge = challenge;
        this.revokedCredentials = List.copyOf(revokedCredentials);
    }

    static OAuthException invalidRequest(String description) {
        return new OAuthException("invalid_request", HttpStatus.BAD_REQUEST, description, false);
    }

    /**
     * 401 {@code invalid_client}; {@code challenge} adds {@code WWW-Authenticate: Basic} (when the client used, or
     * should use, HTTP Basic).
     */
    static OAuthException invalidClient(String description, boolean challenge) {
        return new OAuthException("invalid_client", HttpStatus.UNAUTHORIZED, description, challenge);
    }

    static OAuthException invalidGrant(String description) {
        return new OAuthException("invalid_grant", HttpStatus.BAD_REQUEST, description, false);
    }

    /** {@code invalid_grant} after revoking a grant's tokens, which the gateway must forget (ADR 0008). */
    static OAuthException invalidGrant(String description, List<UUID> revokedCredentials) {
        return new OAuthException("invalid_grant", HttpStatus.BAD_REQUEST, description, false, revokedCredentials);
    }

    static OAuthException unauthorizedClient(String description) {
        return new OAuthException("unauthorized_client", HttpStatus.BAD_REQUEST, description, false);
    }

    static OAuthException unsupportedGrantType(String description) {
        return new OAuthException("unsupported_grant_type", HttpStatus.BAD_REQUEST, description, false);
    }

    static OAuthException invalidScope(String description) {
        return new OAuthException("invalid_scope", HttpStatus.BAD_REQUEST, description, false);
    }

    String error() {
        return error;
    }

    HttpStatus status() {
        return status;
    }

    boolean challenge() {
        return challenge;
    }

    List<UUID> revokedCredentials() {
        return revokedCredentials;
    }

    OAuthError body() {
        return new OAuthError(error, getMessage());
    }

    /** The RFC 6749 section 5.2 error body. */
    record OAuthError(String error, String errorDescription) {
    }
}
