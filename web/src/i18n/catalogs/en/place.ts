import { addEnglish } from '@/i18n/english'

/** Where the person is: home's dialog to set their place, with its place search. */
export default addEnglish('place', {
  locationTitle: 'Enter Your Location',
  location: 'Location',
  fetchingLocation: 'Fetching location…',
  autoFetch: 'Auto Fetch Location',
  cancel: 'Cancel',
  save: 'Save',
  placeExample: 'e.g. Koramangala, Bengaluru',
  suggestions: '{label} suggestions',
  suggestionsFailed: 'Could not load suggestions',
  noPlaces: 'No matching places',
  searching: 'Searching…',
  locationInvalid: 'Please enter a valid location or use auto-fetch.',
} as const)
