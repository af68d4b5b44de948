import {
  type Icon,
  IconBolt,
  IconBuildingBank,
  IconBuildingCommunity,
  IconBuildingFactory2,
  IconBulb,
  IconCoin,
  IconHeartHandshake,
  IconId,
  IconPlant2,
  IconRocket,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';

/** How a registration type presents itself: on the /onboarding card and at the top of its form. */
export interface RegistrationCopy {
  title: string;
  /** One line: who this is for. */
  description: string;
  icon: Icon;
}

export const REGISTRATION_COPY: Record<string, RegistrationCopy> = {
  investor: {
    title: 'Investor',
    description: 'Angel, fund, family office or corporate: find startups that fit your thesis.',
    icon: IconCoin,
  },
  entrepreneur: {
    title: 'Entrepreneur',
    description: 'You are building something: get mentors, programmes and investors.',
    icon: IconBulb,
  },
  startup: {
    title: 'Startup',
    description: 'Register your company to join programmes, competitions and funding rounds.',
    icon: IconRocket,
  },
  incubator: {
    title: 'Incubator',
    description: 'You nurture early-stage ventures: run cohorts and find founders.',
    icon: IconPlant2,
  },
  accelerator: {
    title: 'Accelerator',
    description: 'You run time-boxed programmes that help startups grow fast.',
    icon: IconBolt,
  },
  'startup-hub': {
    title: 'Startup hub',
    description: 'A space or community where founders meet, work and learn.',
    icon: IconBuildingCommunity,
  },
  'government-body': {
    title: 'Government body',
    description: 'A ministry, agency or council supporting innovation and enterprise.',
    icon: IconBuildingBank,
  },
  'industry-body': {
    title: 'Industry body',
    description: 'A chamber, association or federation representing an industry.',
    icon: IconBuildingFactory2,
  },
  diaspora: {
    title: 'Diaspora',
    description: 'You live abroad and want to mentor, invest or open doors back home.',
    icon: IconWorld,
  },
  volunteer: {
    title: 'Volunteer',
    description: 'Give your skills and time to programmes, events and communities.',
    icon: IconHeartHandshake,
  },
  individual: {
    title: 'Individual',
    description: 'Learn, explore and connect with the ecosystem at your own pace.',
    icon: IconUser,
  },
};

/** A role name as people read it: `startup-hub` → `Startup hub`. */
export function roleLabel(roleType: string): string {
  const words = roleType.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The copy of a registration type; the generic form (any other role) gets a neutral one. */
export function copyFor(roleType: string): RegistrationCopy {
  return (
    REGISTRATION_COPY[roleType] ?? {
      title: roleLabel(roleType),
      description: 'Tell us a little about yourself to finish setting up your account.',
      icon: IconId,
    }
  );
}
