package com.storageplatform.commerce;

import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** commerce-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@CommerceTest
class CommerceServiceContractTest extends ServiceContract {
}
