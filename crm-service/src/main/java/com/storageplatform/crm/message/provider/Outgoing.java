package com.storageplatform.crm.message.provider;

import java.util.UUID;

/**
 * One message as its provider is handed it.
 *
 * @param messageId the platform's id: an email's Message-ID is made from it, so a repeated hand-over is recognisably
 *                  the same email
 * @param to        the contact's address or number as crm knows it now
 * @param subject   the email's subject; null for an SMS
 */
public record Outgoing(UUID messageId, String channel, String to, String subject, String body) {
}
