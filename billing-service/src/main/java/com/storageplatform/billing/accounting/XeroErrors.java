package com.storageplatform.billing.accounting;

import com.google.api.client.auth.oauth2.TokenResponseException;
import com.google.api.client.http.HttpResponseException;
import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.web.ApiException;
import com.xero.api.XeroBadRequestException;
import com.xero.api.XeroConflictException;
import com.xero.api.XeroForbiddenException;
import com.xero.api.XeroNotFoundException;
import com.xero.api.XeroUnauthorizedException;
import java.net.SocketTimeoutException;
import java.util.Set;

/**
 * Xero's failures in the platform's words. What Xero refuses (a request it will not book, an invoice it cannot
 * void, a grant or token it no longer accepts) is a refusal: the row fails at once and the operator sees why (the
 * connection must be reconnected in crm for a refused grant). Its 5xx, rate limits, answers that are not its JSON
 * and lost connections are outages, pushed again later. Xero's messages never quote a token; ours name none.
 */
final class XeroErrors {

    private static final Set<Class<? extends RuntimeException>> REFUSALS = Set.of(XeroBadRequestException.class,
            XeroConflictException.class, XeroForbiddenException.class, XeroNotFoundException.class);

    private XeroErrors() {
    }

    static Throwable translate(Throwable failure) {
        if (failure instanceof TokenResponseException token && token.getStatusCode() < 500) {
            return ApiException.conflict("Xero refused the connection's grant (" + (token.getDetails() == null
                    ? token.getStatusCode() : token.getDetails().getError())
                    + "): reconnect Xero in the account's accounting connection.");
        }
        if (failure instanceof XeroUnauthorizedException) {
            return ApiException.conflict("Xero refused the access token of the connection's grant: reconnect Xero "
                    + "in the account's accounting connection.");
        }
        if (REFUSALS.contains(failure.getClass())) {
            return ApiException.conflict("Xero refused it: " + failure.getMessage());
        }
        if (failure instanceof SocketTimeoutException || failure.getCause() instanceof SocketTimeoutException) {
            return ProviderCalls.timeout("Xero");
        }
        if (failure instanceof HttpResponseException http) {
            return ProviderCalls.outage("Xero", http.getStatusCode() >= 500 ? http.getStatusCode() : 503);
        }
        return ProviderCalls.outage("Xero", 503);
    }
}
