package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.dns.DatagramDnsQuery;
import io.netty.handler.codec.dns.DatagramDnsQueryDecoder;
import io.netty.handler.codec.dns.DatagramDnsResponse;
import io.netty.handler.codec.dns.DatagramDnsResponseEncoder;
import io.netty.handler.codec.dns.DefaultDnsRawRecord;
import io.netty.handler.codec.dns.DnsQuestion;
import io.netty.handler.codec.dns.DnsRecordType;
import io.netty.handler.codec.dns.DnsSection;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.ResolvedAddressTypes;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.resolver.dns.SingletonDnsServerAddressStreamProvider;
import io.netty.util.concurrent.Future;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The delivery client's resolver, against a name server of the test's own: every address a host resolves to must
 * be public, and a slow answer for one host holds up no other, on the one event loop they share.
 */
class PublicAddressResolverGroupTest {

    /** What the name server answers (A records), and after how long. */
    private static final Map<String, String> RECORDS = Map.of(
            "fast.example.", "93.184.216.34",
            "slow.example.", "93.184.216.35",
            "private.example.", "10.0.0.7",
            "metadata.example.", "169.254.169.254");
    private static final long SLOW_MILLIS = 1500;

    private EventLoopGroup loops;
    private Channel nameServer;
    private PublicAddressResolverGroup group;
    private AddressResolver<InetSocketAddress> resolver;

    @BeforeEach
    void setUp() throws Exception {
        loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        nameServer = new Bootstrap().group(loops).channel(NioDatagramChannel.class)
                .handler(new ChannelInitializer<DatagramChannel>() {
                    @Override
                    protected void initChannel(DatagramChannel channel) {
                        channel.pipeline().addLast(new DatagramDnsQueryDecoder(), new DatagramDnsResponseEncoder(),
                                new Answers());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        group = new PublicAddressResolverGroup(new DnsNameResolverBuilder()
                .datagramChannelType(NioDatagramChannel.class)
                .nameServerProvider(new SingletonDnsServerAddressStreamProvider(
                        (InetSocketAddress) nameServer.localAddress()))
                .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
                .searchDomains(List.of())
                .ndots(1)
                .queryTimeoutMillis(5_000));
        // One event loop for every resolution, as a delivery client's connections to many receivers share one.
        resolver = group.getResolver(loops.next());
    }

    @AfterEach
    void tearDown() throws Exception {
        group.close();
        nameServer.close().sync();
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    private Future<List<InetSocketAddress>> resolve(String host) {
        return resolver.resolveAll(InetSocketAddress.createUnresolved(host, 443));
    }

    @Test
    void aSlowNameServerAnswerHoldsUpNoOtherHost() throws Exception {
        Future<List<InetSocketAddress>> slow = resolve("slow.example");
        Future<List<InetSocketAddress>> fast = resolve("fast.example");

        assertThat(fast.await(1, TimeUnit.SECONDS)).as("fast.example resolved while slow.example waits").isTrue();
        assertThat(slow.isDone()).isFalse();
        assertThat(fast.getNow()).containsExactly(new InetSocketAddress(InetAddress.getByName("93.184.216.34"), 443));

        assertThat(slow.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(slow.getNow()).containsExactly(new InetSocketAddress(InetAddress.getByName("93.184.216.35"), 443));
    }

    @Test
    void aHostResolvingToAnAddressThatIsNotPublicIsRefused() throws Exception {
        for (String host : List.of("private.example", "metadata.example", "localhost")) {
            Future<List<InetSocketAddress>> resolved = resolve(host).await();
            assertThat(resolved.isSuccess()).as(host).isFalse();
            assertThat(resolved.cause()).as(host).isInstanceOf(UnknownHostException.class)
                    .hasMessage(host + " resolves to an address that is not public");
        }
    }

    @Test
    void anAddressGivenAsAnIpLiteralIsCheckedToo() throws Exception {
        InetSocketAddress literal = new InetSocketAddress(InetAddress.getByName("10.1.2.3"), 443);
        assertThat(resolver.isResolved(literal)).isFalse();
        Future<InetSocketAddress> refused = resolver.resolve(literal).await();
        assertThat(refused.cause()).isInstanceOf(UnknownHostException.class).hasMessageContaining("not public");

        InetSocketAddress nat64 = new InetSocketAddress(InetAddress.getByName("64:ff9b::a01:203"), 443);
        assertThat(resolver.resolve(nat64).await().cause()).isInstanceOf(UnknownHostException.class);

        InetSocketAddress internet = new InetSocketAddress(InetAddress.getByName("93.184.216.34"), 443);
        assertThat(resolver.resolve(internet).await().getNow()).isEqualTo(internet);
    }

    /** A name server with {@link #RECORDS}, answering for {@code slow.} names only after {@link #SLOW_MILLIS}. */
    private static final class Answers extends SimpleChannelInboundHandler<DatagramDnsQuery> {
        @Override
        protected void channelRead0(ChannelHandlerContext context, DatagramDnsQuery query) throws Exception {
            DnsQuestion question = query.recordAt(DnsSection.QUESTION);
            DatagramDnsResponse response = new DatagramDnsResponse(query.recipient(), query.sender(), query.id());
            response.addRecord(DnsSection.QUESTION, question);
            String address = RECORDS.get(question.name());
            if (question.type() == DnsRecordType.A && address != null) {
                response.addRecord(DnsSection.ANSWER, new DefaultDnsRawRecord(question.name(), DnsRecordType.A, 60,
                        Unpooled.wrappedBuffer(InetAddress.getByName(address).getAddress())));
            }
            long delay = question.name().startsWith("slow.") ? SLOW_MILLIS : 0;
            context.executor().schedule(() -> context.writeAndFlush(response), delay, TimeUnit.MILLISECONDS);
        }
    }
}
