/**
 * Category keywords written for ATLAS: for each of the spec's eight categories, words whose
 * presence suggests it (weight 2 for strong cues, 1 for weaker ones). Matching is on lower-cased
 * tokens; two-word cues ("interest rates") are matched as bigrams.
 */
import type { AnalysisCategory } from '../../../data/analysis';

export type ScoredCategory = Exclude<AnalysisCategory, 'general'>;

const cues = (strong: string, weak: string): ReadonlyMap<string, number> =>
  new Map([
    ...weak
      .split(/\s+/)
      .filter(Boolean)
      .map((word): [string, number] => [word.replace(/_/g, ' '), 1]),
    ...strong
      .split(/\s+/)
      .filter(Boolean)
      .map((word): [string, number] => [word.replace(/_/g, ' '), 2]),
  ]);

/** Underscores join multi-word cues. */
export const CATEGORY_CUES: Readonly<Record<ScoredCategory, ReadonlyMap<string, number>>> = {
  politics: cues(
    `election elections elected parliament parliamentary senate congress minister ministers
     president presidential prime_minister government opposition referendum ballot voters vote
     votes voting campaign legislation lawmakers coalition diplomatic diplomats diplomacy
     sanctions treaty cabinet mp mps senator governor party_leader policy
     drone drones missile missiles airstrike airstrikes shelling invasion offensive rebels militants insurgents truce executive_order white_house reshuffle kremlin air_defence air_defences
     shot_down`,
    `law bill party parties state leader leaders summit talks court ruling border military
     army troops war ceasefire protest protesters mayor council constitution reform nato policy
     ministry attack attacks spokesman blockades blockade rally rallied demonstrators riot housing rezone rent_controls asylum`,
  ),
  technology: cues(
    `software hardware smartphone smartphones chip chips semiconductor semiconductors
     artificial_intelligence ai algorithm algorithms app apps startup cybersecurity cyberattack
     ransomware internet broadband 5g cloud computing computer computers robot robots robotics
     encryption data_centre data_center open-source processor quantum_computing
     fintech data_centres data_centers start-up start-ups payments_company mobile_money`,
    `tech technology digital online platform platforms users device devices network networks
     hackers hack hacked update launch launched google apple microsoft amazon meta openai
     nvidia samsung tesla silicon code phone phones battery batteries screen camera
     gadget gadgets laptop laptops
     payments grid`,
  ),
  business: cues(
    `shares stock stocks investors earnings revenue profit profits market markets
     interest_rates inflation economy economic gdp merger acquisition ipo bankruptcy
     central_bank dividend quarterly trade tariffs tariff exports imports
     factory factories carmaker carmakers automaker investment investments policy_rate benchmark_rate basis_points rate_cut rate_cuts exporters shortage shortages walkout dockworkers planemaker deliveries load-shedding power_cuts utility funding_round
     selic repo_rate key_rate interest_rate monetary_policy monetary easing_cycle`,
    `company companies firm firms business businesses billion million sales prices price
     customers jobs unemployment workers industry bank banks deal deals ceo retail oil
     currency dollar euro bond bonds debt budget
     port ports strike strikes union unions shipments orders fuel diesel plant plants delivery aircraft jets raised round investors electricity shoppers shops restaurant`,
  ),
  science: cues(
    `scientists researchers research study astronomers telescope physics chemistry biology
     species fossil fossils genome dna nasa spacecraft orbit planet planets asteroid galaxy
     laboratory experiment peer-reviewed journal particle mars moon archaeologists
     physicists physicist boson collider particle_physics standard_model measurement observatory astronomy`,
    `discovery discovered space mission satellite data evidence university findings published
     sample samples theory molecules cells
     precise precision scientists`,
  ),
  health: cues(
    `hospital hospitals patients patient doctors nurses disease diseases vaccine vaccines
     vaccination virus outbreak pandemic epidemic cancer diabetes treatment clinical_trial
     medicine medicines drug drugs health mental_health infection infections cholera
     measles ebola mpox surgery`,
    `medical care clinic clinics symptoms deaths illness obesity diet nutrition therapy
     healthcare pharmaceutical public_health cases`,
  ),
  entertainment: cues(
    `film films movie movies actor actress actors singer album albums concert concerts
     box_office oscar oscars grammy grammys festival celebrity hollywood bollywood netflix
     streaming series premiere director band tour`,
    `music song songs show shows star stars tv television fans theatre theater award awards
     comedy drama documentary artist artists`,
  ),
  sports: cues(
    `match matches tournament championship league cup football soccer cricket tennis rugby
     basketball baseball olympic olympics athlete athletes goal goals coach striker
     goalkeeper medal medals world_cup grand_slam playoffs season
     transfer transfers signing marathon wickets wicket innings stumps bowler bowlers batsmen batters runner runners sprint champions_league grand_prix world_record course_record test_match
     five-for all_out`,
    `team teams game games win won victory defeat player players final finals club clubs
     race racing score scored stadium fans
     captain beat beats signed forward defender winger tries lap laps derby medallist half-time stoppage_time semi-final fixture test`,
  ),
  environment: cues(
    `climate climate_change emissions carbon greenhouse global_warming renewable renewables
     solar wind_power deforestation biodiversity pollution wildlife conservation drought
     heatwave glacier glaciers sea_level wildfire wildfires coral
     flood floods flooding floodwater floodwaters earthquake quake tremor magnitude aftershocks tsunami volcano volcanic eruption lava hurricane cyclone typhoon tornado landslide landslides monsoon blaze downpour`,
    `environment environmental forest forests ocean oceans river rivers species energy fossil
     coal gas flood floods flooding storm weather temperatures rainfall plastic recycling
     earthquake quake tsunami volcano eruption hurricane cyclone typhoon tornado landslide
     rain rains fire fires firefighters evacuated evacuation evacuations red_alert winds storm
     heat`,
  ),
};
