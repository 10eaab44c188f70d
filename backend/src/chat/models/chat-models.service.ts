import { Inject, Injectable } from '@nestjs/common';
import { type ChatModelsResponse, PLAN_IDS, type PlanId } from '@kasa/contracts';
import { CLOCK, type Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig, type ChatModelConfig, OFFLINE_CHAT_MODEL_ID } from '../../config';
import { EntitlementService } from '../../entitlement';
import type { User } from '../../users';
import { chatModelNotAllowed, chatModelUnknown } from './chat-models.errors';

/** The model a send or regenerate answers with: its provider name and display name. */
export interface ChatModelChoice {
  id: string;
  name: string;
}

/** Whether every plan may use the model: then nobody's plan needs reading to use it. */
const allowsEveryPlan = (model: ChatModelConfig) => PLAN_IDS.every((plan) => model.plans.includes(plan));

const choiceOf = (model: ChatModelConfig): ChatModelChoice => ({ id: model.id, name: model.name });

/** What connects a model to a server answering offline (README, "AI providers"): for administrators only. */
export const CONNECT_MODEL_SETTINGS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CHAT_MODEL'] as const;

/**
 * The chat models this server offers (CHAT_MODELS, docs/operations.md#chat-models) and which one
 * a user's request uses. The plan is read from entitlement (an expired Pro is Basic) only when a
 * model some plan may not use is involved: with one model, or models every plan may use, a send
 * costs no extra query.
 */
@Injectable()
export class ChatModelsService {
  private readonly models: readonly ChatModelConfig[];
  private readonly byId: ReadonlyMap<string, ChatModelConfig>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly entitlement: EntitlementService,
  ) {
    // loadConfig guarantees at least one model and a default every plan may use.
    this.models = config.chatModels;
    this.byId = new Map(this.models.map((model) => [model.id, model]));
  }

  /** The default model: what Basic users and new conversations get. */
  private get defaultModel(): ChatModelConfig {
    return this.models[0];
  }

  /** More than one model configured: only then a conversation's choice matters (and a picker shows). */
  get hasChoice(): boolean {
    return this.models.length > 1;
  }

  /**
   * The models in the operator's order with `allowed` for this user's plan, and the default; with
   * the offline advisor, `offline`, naming the settings that connect a model to an administrator.
   */
  async list(user: User, administrator = false): Promise<ChatModelsResponse> {
    const plan = this.models.every(allowsEveryPlan) ? null : await this.planOf(user);
    // The offline engine has the advisor alone (config/chat-models.ts chatModelsConfig).
    const offline = this.models.length === 1 && this.defaultModel.id === OFFLINE_CHAT_MODEL_ID;
    return {
      models: this.models.map((model) => ({
        id: model.id,
        name: model.name,
        plans: [...model.plans],
        allowed: plan === null || model.plans.includes(plan),
      })),
      defaultModel: this.defaultModel.id,
      ...(offline ? { offline: administrator ? { configure: [...CONNECT_MODEL_SETTINGS] } : {} } : {}),
    };
  }

  /**
   * The model a send or regenerate uses: `requested` when given (400 CHAT_MODEL_UNKNOWN when not
   * configured, 403 CHAT_MODEL_NOT_ALLOWED when the user's plan may not use it — never silently
   * replaced); else the conversation's model when still configured and allowed; else the default.
   */
  async choose(
    user: User,
    requested: string | undefined,
    conversationModel: string | null | undefined,
  ): Promise<ChatModelChoice> {
    if (requested !== undefined) {
      const model = this.byId.get(requested);
      if (!model) throw chatModelUnknown();
      if (!(await this.mayUse(user, model))) throw chatModelNotAllowed();
      return choiceOf(model);
    }
    const kept = conversationModel ? this.byId.get(conversationModel) : undefined;
    // A conversation's model the operator removed, or one a lapsed Pro may no longer use, falls
    // back to the default: the conversation goes on rather than failing every send.
    if (kept && (await this.mayUse(user, kept))) return choiceOf(kept);
    return choiceOf(this.defaultModel);
  }

  /** A configured model's display name, null when it is no longer configured. */
  displayName(id: string | null | undefined): string | null {
    return (id && this.byId.get(id)?.name) || null;
  }

  private async mayUse(user: User, model: ChatModelConfig): Promise<boolean> {
    return allowsEveryPlan(model) || model.plans.includes(await this.planOf(user));
  }

  private planOf(user: User): Promise<PlanId> {
    return this.entitlement.planOf(user.id, this.clock.now());
  }
}
