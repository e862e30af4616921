/** The praise-promotion requirement as the product states it (spec 02 §5/§9; decision 070 picks 15 characters). */
export const PRAISE_REQUIREMENT = '3张以上图片、五星好评、15字以上评价';
