import type { Agent } from 'node:https';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';
import type { Config } from '../config';
import { createBaileysEngine, type BaileysEngine, type BaileysEngineOptions } from './baileys/engine';

/** The agent for a phone's mobile proxy: socks4/5 or http(s) proxy URLs. */
function proxyAgentFor(url: string): Agent {
  return /^socks/i.test(url)
    ? (new SocksProxyAgent(url) as unknown as Agent)
    : (new HttpsProxyAgent(url) as unknown as Agent);
}

/** The engines only Node processes can run (the simulator comes with every phone system). */
export function nodeEngines(config: Config, extra: BaileysEngineOptions = {}): { baileys: BaileysEngine } {
  return {
    baileys: createBaileysEngine({
      ...(config.BAILEYS_WS_URL ? { waWebSocketUrl: config.BAILEYS_WS_URL } : {}),
      proxyAgent: proxyAgentFor,
      pacing: {
        minGapMs: config.WA_PACING_MS.min,
        maxGapMs: config.WA_PACING_MS.max,
        sameChatGapMs: config.WA_SAME_CHAT_GAP_MS,
      },
      ...extra,
    }),
  };
}
