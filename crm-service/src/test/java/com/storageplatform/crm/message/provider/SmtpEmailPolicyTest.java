package com.storageplatform.crm.message.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How the SMTP adapter's failures become hand-overs, without a server that takes the message. */
class SmtpEmailPolicyTest {

    static ProviderSettings.Smtp at(int port) {
        return new ProviderSettings.Smtp("127.0.0.1", port, null, null, "Acme <hello@acme.co.uk>", "none",
                Duration.ofSeconds(2));
    }

    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void aServerThatCannotBeReachedIsUnavailable() throws IOException {
        Handover handover = new SmtpEmail(at(closedPort())).send(new Outgoing(Ids.newId(), "email",
                "ada@acme.co.uk", "Hi", "Hi")).block();

        assertThat(handover).isInstanceOf(Handover.Unavailable.class);
        assertThat(((Handover.Unavailable) handover).provider()).isEqualTo("smtp");
    }

    @Test
    void anAddressThatIsNotOneIsRefusedWithoutReachingTheServer() throws IOException {
        Handover handover = new SmtpEmail(at(closedPort())).send(new Outgoing(Ids.newId(), "email",
                "ada at acme", "Hi", "Hi")).block();

        assertThat(handover).isEqualTo(new Handover.Refused("smtp",
                "The address ada at acme is not a valid email address."));
    }
}
