/**
 * Verbatim examples of what the real hosts answered, so the
 * double serves exactly these shapes and the client is tested against them.
 * A: marktplaats.nl search response with one listing (jensjeflensje/marktplaats-py mock).
 * B: a 2dehands.be listing (jasp-nerd/marktplaats-mcp fixture; MIN_BID, DAGTOPPER, distance -1000).
 * E: a sponsored topBlock Admarkt ad (long strings truncated by the researcher, as quoted).
 * F: an ad page's window.__CONFIG__ (NiekNijland/marktplaats-php fixture).
 */

export const FIXTURE_A_SEARCH_RESPONSE = {
  totalResultCount: 100,
  listings: [
    {
      itemId: 'm2064554806',
      title: 'Batavus damesfiets 26 inch',
      description: 'Degelijke batavus damesfiets 26 inch met slot, verlichting en versnellingen.',
      categorySpecificDescription:
        'Degelijke batavus damesfiets 26 inch met slot, verlichting en versnellingen.',
      thinContent: true,
      priceInfo: {
        priceCents: 7500,
        priceType: 'FIXED',
      },
      location: {
        cityName: 'Nieuwerkerk aan den IJssel',
        countryName: 'Nederland',
        countryAbbreviation: 'NL',
        distanceMeters: 1000,
        isBuyerLocation: false,
        onCountryLevel: false,
        abroad: false,
        latitude: 51.965397128056,
        longitude: 4.6119871732025,
      },
      date: '10 mrt 24',
      imageUrls: [
        '//images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_82.jpg',
      ],
      sellerInformation: {
        sellerId: 7405065,
        sellerName: 'Vogel',
        showSoiUrl: true,
        showWebsiteUrl: false,
        isVerified: false,
      },
      categoryId: 447,
      priorityProduct: 'NONE',
      videoOnVip: false,
      urgencyFeatureActive: false,
      napAvailable: false,
      attributes: [
        {
          key: 'condition',
          value: 'Gebruikt',
          values: ['Gebruikt'],
        },
        {
          key: 'delivery',
          value: 'Ophalen',
          values: ['Ophalen'],
        },
      ],
      extendedAttributes: [
        {
          key: 'condition',
          value: 'Gebruikt',
          values: ['Gebruikt'],
        },
        {
          key: 'delivery',
          value: 'Ophalen',
          values: ['Ophalen'],
        },
      ],
      traits: ['PACKAGE_FREE'],
      verticals: ['bicycles_and_mopeds', 'bicycles_ladies_bike'],
      pictures: [
        {
          id: 9322832634,
          mediaId: '',
          url: 'https://images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_#.jpg',
          extraSmallUrl:
            'https://images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_14.jpg',
          mediumUrl:
            'https://images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_82.jpg',
          largeUrl:
            'https://images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_83.jpg',
          extraExtraLargeUrl:
            'https://images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_85.jpg',
          aspectRatio: {
            width: 3,
            height: 4,
          },
        },
      ],
      vipUrl:
        '/v/fietsen-en-brommers/fietsen-dames-damesfietsen/m2064554806-batavus-damesfiets-26-inch',
    },
  ],
};

export const FIXTURE_A_LISTING = FIXTURE_A_SEARCH_RESPONSE.listings[0]!;

export const FIXTURE_B_2DEHANDS_LISTING = {
  itemId: 'm2419636341',
  title: 'Fiets te koop!',
  description: 'Fiets in perfecte staat! Bagagerek voorkant + achterkant. Fietszakken inbegrepen!',
  categorySpecificDescription:
    'Fiets in perfecte staat! Bagagerek voorkant + achterkant. Fietszakken inbegrepen!',
  thinContent: true,
  priceInfo: {
    priceCents: 30000,
    priceType: 'MIN_BID',
  },
  location: {
    cityName: 'Temse',
    countryName: 'België',
    countryAbbreviation: 'BE',
    distanceMeters: -1000,
    isBuyerLocation: false,
    onCountryLevel: false,
    abroad: false,
    latitude: 51.133101094034,
    longitude: 4.2058251112088,
  },
  date: 'Vandaag',
  imageUrls: [
    '//images.2dehands.com/api/v1/hz-twh-pro-listing/images/8b389c23-ea29-4eac-81a5-d5b88a1b1e6c?rule=ecg_mp_eps$_82.jpg',
  ],
  sellerInformation: {
    sellerId: 60100233,
    sellerName: 'Femke',
    showSoiUrl: true,
    showWebsiteUrl: false,
    isVerified: false,
  },
  categoryId: 447,
  priorityProduct: 'DAGTOPPER',
  videoOnVip: false,
  urgencyFeatureActive: false,
  napAvailable: false,
  attributes: [
    {
      key: 'condition',
      value: 'Zo goed als nieuw',
      values: ['Zo goed als nieuw'],
    },
    {
      key: 'delivery',
      value: 'Ophalen',
      values: ['Ophalen'],
    },
  ],
  extendedAttributes: [
    {
      key: 'delivery',
      value: 'Ophalen',
      values: ['Ophalen'],
    },
    {
      key: 'condition',
      value: 'Zo goed als nieuw',
      values: ['Zo goed als nieuw'],
    },
  ],
  traits: ['DAG_TOPPER_3DAYS', 'PACKAGE_FREE'],
  verticals: ['smb-highvalue', 'bicycles_ladies_bike', 'bicycles_and_mopeds'],
  pictures: [
    {
      id: 0,
      mediaId: '',
      url: 'https://images.2dehands.com/api/v1/hz-twh-pro-listing/images/8b389c23-ea29-4eac-81a5-d5b88a1b1e6c?rule=ecg_mp_eps$_#.jpg',
      extraSmallUrl:
        'https://images.2dehands.com/api/v1/hz-twh-pro-listing/images/8b389c23-ea29-4eac-81a5-d5b88a1b1e6c?rule=ecg_mp_eps$_14.jpg',
      mediumUrl:
        'https://images.2dehands.com/api/v1/hz-twh-pro-listing/images/8b389c23-ea29-4eac-81a5-d5b88a1b1e6c?rule=ecg_mp_eps$_82.jpg',
      largeUrl:
        'https://images.2dehands.com/api/v1/hz-twh-pro-listing/images/8b389c23-ea29-4eac-81a5-d5b88a1b1e6c?rule=ecg_mp_eps$_83.jpg',
      extraExtraLargeUrl:
        'https://images.2dehands.com/api/v1/hz-twh-pro-listing/images/8b389c23-ea29-4eac-81a5-d5b88a1b1e6c?rule=ecg_mp_eps$_85.jpg',
      aspectRatio: {
        width: 9,
        height: 20,
      },
    },
  ],
  searchType: 'TokenMatch',
  reserved: false,
  vipUrl: '/v/fietsen-en-brommers/fietsen-dames-damesfietsen/m2419636341-fiets-te-koop',
};

export const FIXTURE_E_TOPBLOCK_ADMARKT = {
  itemId: 'a1379273521',
  title: 'UITVERKOOP FIETSEN+GRATIS KETTINGSLOT+THUISBEZORGD',
  description: 'Bezoek onze website www.2Dehandsfietsenwinkel.nl voor het ac…(truncated)',
  categorySpecificDescription:
    'fietsen vanaf €155! • Goedkoopste online tweedehands fietsen…(truncated)',
  thinContent: false,
  priceInfo: {
    priceCents: 17500,
    priceType: 'FIXED',
  },
  location: {
    distanceMeters: -1000,
    isBuyerLocation: false,
    onCountryLevel: true,
    abroad: false,
    latitude: 0,
    longitude: 0,
  },
  date: 'Vandaag',
  imageUrls: [
    '//admarkt-cdn.marktplaats.com/api/v1/icas-mp-pro-admarkt/images/f4/f4516ccd-ad70-4aa2-8189-63823c2ce005?rule=eps_82.JPG',
  ],
  sellerInformation: {
    sellerId: 16478576,
    sellerName: 'www.2dehandsfietsenwinkel.nl',
    showSoiUrl: true,
    showWebsiteUrl: true,
    sellerWebsiteUrl: 'https://admarkt.marktplaats.nl/bside/url/6pPL-TPpJkwyu1rJM2s…(truncated)',
    isVerified: false,
  },
  categoryId: 447,
  trackingData: '2gxMGmLdfi5mXJ2OR5i26zYQlMjMuECjsykadiGnE7AHkDArw_FHN7-nTh5x…(truncated)',
  pageLocation: 'L0_SEARCH_TOP',
  priorityProduct: 'TOPADVERTENTIE',
  videoOnVip: false,
  urgencyFeatureActive: false,
  napAvailable: false,
  attributes: [
    {
      key: 'condition',
      value: 'Zo goed als nieuw',
      values: ['Zo goed als nieuw'],
    },
    {
      key: 'delivery',
      value: 'Verzenden',
      values: ['Verzenden'],
    },
  ],
  extendedAttributes: [
    {
      key: 'delivery',
      value: 'Verzenden',
      values: ['Verzenden'],
    },
    {
      key: 'properties',
      value: 'Versnellingen',
      values: ['Versnellingen', '(Extra) lage instap'],
    },
    {
      key: 'condition',
      value: 'Zo goed als nieuw',
      values: ['Zo goed als nieuw'],
    },
    {
      key: 'frameHeight',
      value: '50 tot 53 cm',
      values: ['50 tot 53 cm'],
    },
  ],
  traits: ['PROFILE', 'ADMARKT_CONSOLE'],
  verticals: ['smb-highvalue', 'bicycles_ladies_bike', 'bicycles_and_mopeds'],
  pictures: [
    {
      id: 0,
      mediaId: '00000000-0000-0000-0000-000000000000',
      url: 'https://admarkt-cdn.marktplaats.com/api/v1/icas-mp-pro-admar…(truncated)',
      sizes: {
        XL: '84',
        M: '82',
        XXXL: '86',
        L: '83',
        XXL: '85',
        XXS: '14',
        XS: '14',
        S: '82',
      },
      extraSmallUrl: 'https://admarkt-cdn.marktplaats.com/api/v1/icas-mp-pro-admar…(truncated)',
      mediumUrl: 'https://admarkt-cdn.marktplaats.com/api/v1/icas-mp-pro-admar…(truncated)',
      largeUrl: 'https://admarkt-cdn.marktplaats.com/api/v1/icas-mp-pro-admar…(truncated)',
      extraExtraLargeUrl:
        'https://admarkt-cdn.marktplaats.com/api/v1/icas-mp-pro-admar…(truncated)',
      aspectRatio: {
        width: 4,
        height: 3,
      },
    },
  ],
  reserved: false,
  vipUrl:
    '/v/fietsen-en-brommers/fietsen-dames-damesfietsen/a1379273521-uitverkoop-fietsen-gratis-kettingslot-thuisbezorgd',
};

export const FIXTURE_F_PAGE_CONFIG = {
  listing: {
    itemId: 'm2355451324',
    title: 'Yamaha MT-07 ABS + handvatverwarming',
    traits: ['DAG_TOPPER_7DAYS', 'PACKAGE_PREMIUM'],
    adType: 'RegularPaid',
    bidsInfo: {
      isBiddingEnabled: true,
      isRemovingBidEnabled: false,
      currentMinimumBid: 500000,
      bids: [
        {
          id: 1533325986,
          value: 590000,
          date: '2026-02-27T18:48:38Z',
          user: {
            id: 1901877,
            nickname: 'Harm Slooff',
          },
        },
        {
          id: 1532123009,
          value: 580000,
          date: '2026-02-17T23:41:47Z',
          user: {
            id: 898114,
            nickname: 'stefan',
          },
        },
      ],
    },
    priceInfo: {
      priceCents: 630000,
      priceType: 'MIN_BID',
    },
    seller: {
      id: 48042674,
      name: 'Maris45',
      pageUrl: '/u/maris45/48042674/',
      sellerType: 'CONSUMER',
      activeYears: 3,
      isAsqEnabled: true,
      showSellerReviews: true,
      showVerifications: true,
      financeAvailable: false,
      location: {
        isAbroad: false,
        cityName: 'Hoogezand',
        countryName: 'Nederland',
        isOnCountryLevel: false,
        countryAbbreviation: 'NL',
        latitude: 53.155523868422,
        longitude: 6.7774102681087,
      },
      contactOptions: ['asq'],
    },
    gallery: {
      imageUrls: [
        '//images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg',
        '//images.marktplaats.com/api/v1/listing-mp-p/images/f4/f44f8f4c.jpg',
      ],
      media: {
        imageSizes: {
          XL: '84',
          M: '82',
        },
        images: [
          {
            mediaId: '9c4f50d7-d72a-4fb4-82a8-2916e40b8de7',
            base: '//images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg',
            originalHeight: 615,
            originalWidth: 828,
            aspectRatio: {
              width: 276,
              height: 205,
            },
          },
          {
            mediaId: 'da1ff6c2-d5fe-46ec-bb05-0c4e7d6dedb0',
            base: '//images.marktplaats.com/api/v1/listing-mp-p/images/f4/f44f8f4c.jpg',
            originalHeight: 612,
            originalWidth: 828,
            aspectRatio: {
              width: 23,
              height: 17,
            },
          },
        ],
      },
      alt: 'Yamaha MT-07 ABS',
    },
    shippingInformation: {
      augmentedLabels: [
        {
          carrierId: 'dhl-nl',
          labels: [
            {
              label: 'Afhaalpunt voor',
              price: '€ 5,55',
              carrierName: 'DHL',
              deliveryMethod: 'PICK_UP',
            },
          ],
        },
        {
          carrierId: 'postnl',
          labels: [
            {
              label: 'Thuisbezorgd via PostNL',
              price: '€ 7,45',
              carrierName: 'PostNL',
              deliveryMethod: 'DELIVERY',
            },
          ],
        },
      ],
      deliveryType: {
        attributeLabel: 'Levering',
        attributeValueLabel: 'Ophalen',
        attributeValueKey: 'Ophalen',
      },
    },
    stats: {
      favoritedCount: 76,
      viewCount: 3195,
      since: '2026-01-14T12:38:02Z',
    },
    category: {
      id: 710,
      name: 'Yamaha',
      fullName: 'Motoren | Yamaha',
      parentId: 678,
      parentName: 'Motoren',
    },
    isSaved: false,
    isFreeAd: false,
    isAutomotiveAd: true,
    flags: {
      shippable: true,
    },
    highlights: [],
    buyersProtectionAllowed: false,
    thinContent: false,
    buyItNowEnabled: false,
  },
};

/** The ad page line exactly as captured (F). */
export const FIXTURE_F_SCRIPT_LINE =
  'window.__CONFIG__ = {"listing":{"itemId":"m2355451324","title":"Yamaha MT-07 ABS + handvatverwarming","traits":["DAG_TOPPER_7DAYS","PACKAGE_PREMIUM"],"adType":"RegularPaid","bidsInfo":{"isBiddingEnabled":true,"isRemovingBidEnabled":false,"currentMinimumBid":500000,"bids":[{"id":1533325986,"value":590000,"date":"2026-02-27T18:48:38Z","user":{"id":1901877,"nickname":"Harm Slooff"}},{"id":1532123009,"value":580000,"date":"2026-02-17T23:41:47Z","user":{"id":898114,"nickname":"stefan"}}]},"priceInfo":{"priceCents":630000,"priceType":"MIN_BID"},"seller":{"id":48042674,"name":"Maris45","pageUrl":"/u/maris45/48042674/","sellerType":"CONSUMER","activeYears":3,"isAsqEnabled":true,"showSellerReviews":true,"showVerifications":true,"financeAvailable":false,"location":{"isAbroad":false,"cityName":"Hoogezand","countryName":"Nederland","isOnCountryLevel":false,"countryAbbreviation":"NL","latitude":53.155523868422,"longitude":6.7774102681087},"contactOptions":["asq"]},"gallery":{"imageUrls":["//images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg","//images.marktplaats.com/api/v1/listing-mp-p/images/f4/f44f8f4c.jpg"],"media":{"imageSizes":{"XL":"84","M":"82"},"images":[{"mediaId":"9c4f50d7-d72a-4fb4-82a8-2916e40b8de7","base":"//images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg","originalHeight":615,"originalWidth":828,"aspectRatio":{"width":276,"height":205}},{"mediaId":"da1ff6c2-d5fe-46ec-bb05-0c4e7d6dedb0","base":"//images.marktplaats.com/api/v1/listing-mp-p/images/f4/f44f8f4c.jpg","originalHeight":612,"originalWidth":828,"aspectRatio":{"width":23,"height":17}}]},"alt":"Yamaha MT-07 ABS"},"shippingInformation":{"augmentedLabels":[{"carrierId":"dhl-nl","labels":[{"label":"Afhaalpunt voor","price":"\\u20ac 5,55","carrierName":"DHL","deliveryMethod":"PICK_UP"}]},{"carrierId":"postnl","labels":[{"label":"Thuisbezorgd via PostNL","price":"\\u20ac 7,45","carrierName":"PostNL","deliveryMethod":"DELIVERY"}]}],"deliveryType":{"attributeLabel":"Levering","attributeValueLabel":"Ophalen","attributeValueKey":"Ophalen"}},"stats":{"favoritedCount":76,"viewCount":3195,"since":"2026-01-14T12:38:02Z"},"category":{"id":710,"name":"Yamaha","fullName":"Motoren | Yamaha","parentId":678,"parentName":"Motoren"},"isSaved":false,"isFreeAd":false,"isAutomotiveAd":true,"flags":{"shippable":true},"highlights":[],"buyersProtectionAllowed":false,"thinContent":false,"buyItNowEnabled":false}};</script>';
