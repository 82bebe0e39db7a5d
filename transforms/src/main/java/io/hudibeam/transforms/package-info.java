/**
 * The Beam stages of a write (internal API: {@code io.hudibeam.HudiIO} is the public one). This
 * package holds what every stage shares: {@code WriteSpec} (the resolved, serializable settings of
 * one write), key shards, where de-duplication happens, the failed-records policy. Subpackages hold
 * one stage each, in pipeline order: {@code instant}, {@code records}, {@code index}, {@code plan},
 * {@code write}, {@code commit}; {@code coders} and {@code schema} serve them. May depend on the
 * commit module and Beam; never on {@code io.hudibeam.HudiIO} (beam-io).
 */
package io.hudibeam.transforms;
