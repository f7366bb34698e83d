import type { Location } from '../types';

// Flight prices are what it costs to travel *to* the city: by air where it has an airport, otherwise by road for
// the same listed fare (travel.ts's travelMode; hasAirport changes no rule, only how the trip is told).
// dangerLevel (0-5) drives the odds of police and gang encounters on arrival (combat.ts).
export const LOCATIONS: readonly Location[] = [
  { id: 'new_york', name: 'New York', flightPrice: 150, hasAirport: true, dangerLevel: 3 },
  { id: 'miami', name: 'Miami', flightPrice: 250, hasAirport: true, dangerLevel: 4 },
  { id: 'los_angeles', name: 'Los Angeles', flightPrice: 300, hasAirport: true, dangerLevel: 3 },
  { id: 'chicago', name: 'Chicago', flightPrice: 200, hasAirport: true, dangerLevel: 3 },
  { id: 'detroit', name: 'Detroit', flightPrice: 100, hasAirport: false, dangerLevel: 5 },
  { id: 'houston', name: 'Houston', flightPrice: 200, hasAirport: true, dangerLevel: 2 },
  { id: 'san_francisco', name: 'San Francisco', flightPrice: 300, hasAirport: true, dangerLevel: 1 },
  { id: 'boston', name: 'Boston', flightPrice: 100, hasAirport: false, dangerLevel: 1 },
  { id: 'new_orleans', name: 'New Orleans', flightPrice: 150, hasAirport: false, dangerLevel: 2 },
  { id: 'las_vegas', name: 'Las Vegas', flightPrice: 250, hasAirport: true, dangerLevel: 2 },
];

/** Where every game starts. */
export const STARTING_LOCATION_ID = 'new_york';
